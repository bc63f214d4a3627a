// The Worker's end of a recovery phrase window (lib/exportWindow.ts): it offers the ways this wallet
// opens (its recovery password, a touch of a passkey that keeps a copy of the recovery share), takes
// the password or the passkey's PRF output from that window, and answers the phrase and keys only once
// they open the wallet. A refusal may be tried again (a refused touch with a fresh challenge, as each is
// good once); one try runs at a time; after the answer the port is closed, so a window shows the
// secrets once.
import type { PasskeyRequestOptions } from '@walletframe/protocol'
import { messageOf } from '../lib/errors.js'
import { type Offer, Reveal, type Revealed, RevealWithPasskey } from '../lib/exportWindow.js'

export type Secrets = Omit<Extract<Revealed, { type: 'revealed' }>, 'type'>

/** What opens the wallet for the window; at least one. */
export type Ways = {
  /** The recovery password typed in the window. */
  password?: (password: string) => Promise<Secrets>
  passkey?: {
    /** A fresh challenge of the API for 'export', for the window's next touch. */
    options(): Promise<PasskeyRequestOptions>
    /** The touch: its assertion (the fresh factor) and PRF output (the key). */
    reveal(touch: Omit<RevealWithPasskey, 'type'>): Promise<Secrets>
  }
}

function refusal(error: unknown): Revealed {
  const code = (error as { code?: unknown }).code
  return {
    type: 'refused',
    code: typeof code === 'string' ? code : 'EXPORT_FAILED',
    message: messageOf(error),
  }
}

export function serve(port: MessagePort, ways: Ways): void {
  let busy = false
  /** Tells the window how the phrase opens; without a challenge the window offers the password alone. */
  async function offer() {
    let passkey: PasskeyRequestOptions | undefined
    try {
      passkey = await ways.passkey?.options()
    } catch (error) {
      // No challenge (the API refused or is away): the password, where there is one, still opens it.
      port.postMessage(refusal(error))
    }
    port.postMessage({
      type: 'offer',
      password: ways.password !== undefined,
      ...(passkey ? { passkey } : {}),
    } satisfies Offer)
  }
  async function answer(reveal: () => Promise<Secrets>, after?: () => Promise<void>) {
    busy = true
    try {
      const secrets = await reveal()
      port.postMessage({ type: 'revealed', ...secrets } satisfies Revealed)
      port.close()
    } catch (error) {
      port.postMessage(refusal(error))
      await after?.()
    } finally {
      busy = false
    }
  }
  port.onmessage = async (event: MessageEvent) => {
    if (busy) return
    const password = Reveal.safeParse(event.data)
    if (password.success && ways.password) {
      const reveal = ways.password
      return answer(() => reveal(password.data.password))
    }
    const touch = RevealWithPasskey.safeParse(event.data)
    if (touch.success && ways.passkey) {
      const { passkey } = ways
      const { credential, prf } = touch.data
      // The challenge the touch answered is spent either way: the next try needs a fresh one.
      return answer(() => passkey.reveal({ credential, prf }), offer)
    }
  }
  void offer()
}
