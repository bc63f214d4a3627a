// The Worker's end of a recovery phrase window (lib/exportWindow.ts): it takes the password typed in
// that window, and answers the phrase and keys only once the password opens the wallet. A wrong one is
// refused and may be tried again; one try runs at a time; after the answer the port is closed, so a
// window shows the secrets once.
import { messageOf } from '../lib/errors.js'
import { Reveal, type Revealed } from '../lib/exportWindow.js'

type Secrets = Omit<Extract<Revealed, { type: 'revealed' }>, 'type'>

export function serve(port: MessagePort, reveal: (password: string) => Promise<Secrets>): void {
  let busy = false
  port.onmessage = async (event: MessageEvent) => {
    const parsed = Reveal.safeParse(event.data)
    if (!parsed.success || busy) return
    busy = true
    try {
      const secrets = await reveal(parsed.data.password)
      port.postMessage({ type: 'revealed', ...secrets } satisfies Revealed)
      port.close()
    } catch (error) {
      const code = (error as { code?: unknown }).code
      port.postMessage({
        type: 'refused',
        code: typeof code === 'string' ? code : 'EXPORT_FAILED',
        message: messageOf(error),
      } satisfies Revealed)
    } finally {
      busy = false
    }
  }
}
