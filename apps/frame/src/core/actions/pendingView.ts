// While the wallet app has a request open, the modal says so and offers to cancel it; when the
// last one is answered, the modal goes back to where it was (closed, or the previous view).
import type { Core } from '../Core.js'
import * as Navigation from './navigation.js'

export function watch(
  core: Pick<Core, 'pending' | 'modal' | 'connection' | 'networks' | 'isMobile'>,
): () => void {
  let openedForRequest = false
  return core.pending.subscribe((all, before) => {
    // Requests the frame approves itself have their own view (approvalView.ts).
    const list = all.filter((request) => !request.inFrame)
    const previous = before.filter((request) => !request.inFrame)
    if (list.length > 0 && previous.length === 0) {
      openedForRequest = !core.modal.get().open
      if (openedForRequest) Navigation.open(core, 'WalletRequest')
      else Navigation.push(core, 'WalletRequest')
    }
    if (list.length === 0 && previous.length > 0 && Navigation.current(core) === 'WalletRequest') {
      if (openedForRequest) Navigation.close(core)
      else Navigation.back(core)
    }
  })
}
