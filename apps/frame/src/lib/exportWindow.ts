// "Show recovery phrase" in a window on the frame origin, never in the iframe a host page can cover or
// frame. The frame opens the frame origin's /export in the click; the page says hello to its opener and
// is handed one end of a MessageChannel whose other end the Worker holds. The password typed in the
// window, or the PRF output of a passkey touched there, goes straight to the Worker, and the phrase and
// keys straight back: the frame's own page sees neither, and the host page nothing.
import { PasskeyAssertion, PasskeyRequestOptions } from '@walletframe/protocol'
import * as z from 'zod/mini'
import { FrameError } from './errors.js'
import { loginMessages } from './loginMessages.js'
import type { MessagingPopup } from './popup.js'
import * as WebAuthn from './webauthn.js'

export const path = '/export'
export const helloType = 'walletframe:export-hello'
export const portType = 'walletframe:export-port'

export const Hello = z.object({ type: z.literal(helloType) })
export const PortMessage = z.object({ type: z.literal(portType) })

/** The window to the Worker: the password, once per try. */
export const Reveal = z.object({ type: z.literal('reveal'), password: z.string().check(z.maxLength(1024)) })
export type Reveal = z.infer<typeof Reveal>

/**
 * The Worker to the window, first and after each refused touch: how this wallet's phrase opens here —
 * its recovery password, and a touch of one of the user's passkeys over the API's challenge for
 * 'export' (its options; a fresh challenge each time, as one is good once).
 */
export const Offer = z.object({
  type: z.literal('offer'),
  password: z.boolean(),
  passkey: z.optional(PasskeyRequestOptions),
})
export type Offer = z.infer<typeof Offer>

/** A passkey's PRF output (32 bytes: an HMAC-SHA-256), with the credential it came from. */
const PrfOutput = z.object({
  credentialId: z.string().check(z.maxLength(1024)),
  output: z
    .instanceof(Uint8Array)
    .check(z.refine((bytes) => bytes.length === 32, 'a PRF output is 32 bytes')),
})

/**
 * The window to the Worker: a touch of the user's passkey. Its assertion is the fresh factor (the
 * Worker hands it to the frame's page for the API); its PRF output is the key that opens the passkey's
 * copy of the recovery share, and stays with the Worker.
 */
export const RevealWithPasskey = z.object({
  type: z.literal('reveal-passkey'),
  credential: PasskeyAssertion,
  prf: PrfOutput,
})
export type RevealWithPasskey = z.infer<typeof RevealWithPasskey>

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

/**
 * The window's touch of one of the user's passkeys for the Worker's offered `options` (run in the
 * button's click: the window's own user activation, and the frame's site as the relying party), as the
 * Worker takes it. A passkey that evaluated no PRF cannot open the wallet: refused here, before the
 * Worker or the API hear of it.
 */
export async function touch(
  options: PasskeyRequestOptions,
  ceremony: Pick<WebAuthn.Ceremony, 'get'> = WebAuthn.here,
): Promise<RevealWithPasskey> {
  const { credential, prf } = await ceremony.get(options)
  if (!prf.output) throw new WebAuthn.PasskeyPrfMissingError()
  return { type: 'reveal-passkey', credential, prf: { credentialId: credential.id, output: prf.output } }
}
