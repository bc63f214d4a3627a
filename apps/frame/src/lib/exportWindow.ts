// "Show recovery phrase" in a window on the frame origin, never in the iframe a host page can cover or
// frame. The frame opens the frame origin's /export in the click; the page says hello to its opener and
// is handed one end of a MessageChannel whose other end the Worker holds. The password typed in the
// window goes straight to the Worker, and the phrase and keys straight back: the frame's own page sees
// neither, and the host page nothing.
import * as z from 'zod/mini'
import { FrameError } from './errors.js'
import { loginMessages } from './loginMessages.js'
import type { MessagingPopup } from './popup.js'

export const path = '/export'
export const helloType = 'walletframe:export-hello'
export const portType = 'walletframe:export-port'

export const Hello = z.object({ type: z.literal(helloType) })
export const PortMessage = z.object({ type: z.literal(portType) })

/** The window to the Worker: the password, once per try. */
export const Reveal = z.object({ type: z.literal('reveal'), password: z.string().check(z.maxLength(1024)) })
export type Reveal = z.infer<typeof Reveal>

/** The Worker to the window: the secrets, or why not (a wrong password may be tried again). */
export const Revealed = z.union([
  z.object({
    type: z.literal('revealed'),
    addresses: z.object({ eip155: z.string(), solana: z.string() }),
    mnemonic: z.string(),
    evmPrivateKey: z.string(),
    solanaSecretKey: z.string(),
  }),
  z.object({ type: z.literal('refused'), code: z.string(), message: z.string() }),
])
export type Revealed = z.infer<typeof Revealed>

/** What the frame uses of its own window (a stand-in in tests). */
export type FrameWindow = {
  readonly location: Pick<Location, 'origin'>
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export class ExportWindowBlockedError extends FrameError {
  override name = 'ExportWindowBlockedError'
  constructor() {
    super('EXPORT_WINDOW_BLOCKED', loginMessages.exportWindowBlocked)
  }
}

export class ExportWindowClosedError extends FrameError {
  override name = 'ExportWindowClosedError'
  constructor() {
    super('EXPORT_WINDOW_CLOSED', loginMessages.exportWindowClosed)
  }
}

/**
 * Waits for `popup`'s hello (from this very origin), then hands it `port` — the other end being the
 * Worker's. Rejects with ExportWindowClosedError when the window closes first.
 */
export function hand(
  popup: Pick<MessagingPopup, 'postMessage' | 'closed'>,
  win: FrameWindow,
  port: MessagePort,
  pollMs = 500,
): Promise<void> {
  const origin = win.location.origin
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== (popup as unknown) || event.origin !== origin) return
      if (!Hello.safeParse(event.data).success) return
      finish()
      popup.postMessage({ type: portType }, origin, [port])
      resolve()
    }
    const timer = setInterval(() => {
      if (!popup.closed) return
      finish()
      reject(new ExportWindowClosedError())
    }, pollMs)
    function finish() {
      clearInterval(timer)
      win.removeEventListener('message', onMessage)
    }
    win.addEventListener('message', onMessage)
  })
}
