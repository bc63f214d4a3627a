// The review before a browser wallet or WalletConnect signs: its queue and the watcher that puts it on
// screen (ReviewRequest), loaded with the first request the router reviews or the view that shows it.
// A chunk of its own: the boot chunk carries one import() for it.
import * as ReviewView from '../core/actions/reviewView.js'
import type { Core } from '../core/Core.js'
import * as ReviewGate from '../core/reviewGate.js'

export function load(
  core: Pick<Core, 'modal' | 'connection' | 'networks' | 'isMobile'>,
): ReviewGate.ReviewGate {
  const gate = ReviewGate.create()
  ReviewView.watch(core, gate)
  return gate
}
