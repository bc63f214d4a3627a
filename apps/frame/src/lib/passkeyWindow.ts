// A passkey ceremony in a window on the frame origin, for browsers that refuse it in the frame's
// cross-origin iframe (passkeySupport.ts says which). The frame opens the frame origin's /passkey in
// the click (an await first would lose the gesture and the browser would block the window); the page
// says hello to its opener, is answered with the API's options, and runs the ceremony on the user's
// click there. Its answer goes back by postMessage, both ways checked to come from the other window on
// this very origin. A window on the frame origin is first-party, so the passkey is the frame site's as
// in the iframe.
import { PasskeyCreationOptions, PasskeyRegistration, UserRejectedRequestError } from '@walletframe/protocol'
import * as z from 'zod/mini'
import { FrameError } from './errors.js'
import type { MessagingPopup } from './popup.js'
import * as WebAuthn from './webauthn.js'

export const helloType = 'walletframe:passkey-hello'
export const createType = 'walletframe:passkey-create'
export const resultType = 'walletframe:passkey-result'

export const Hello = z.object({ type: z.literal(helloType) })
export const Create = z.object({ type: z.literal(createType), options: PasskeyCreationOptions })
export type Create = z.infer<typeof Create>
export const Result = z.object({
  type: z.literal(resultType),
  credential: z.optional(PasskeyRegistration),
  /**
   * The passkey's PRF (its output base64url): both windows are the frame origin, so the output stays
   * there, as it does when the iframe runs the ceremony.
   */
  prf: z.optional(z.object({ enabled: z.boolean(), output: z.optional(z.string()) })),
  /** Why there is none: the ceremony's error, in words for the user; `code` 4001 for a cancel. */
  error: z.optional(z.object({ code: z.optional(z.union([z.number(), z.string()])), message: z.string() })),
})
export type Result = z.infer<typeof Result>

/** What the frame uses of its own window (a stand-in in tests). */
export type FrameWindow = {
  readonly location: Pick<Location, 'origin'>
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/**
 * The ceremonies as the frame runs them through `popup`: create in the window; get stays in the
 * frame (every engine allows it in a cross-origin iframe with the `allow` attribute).
 */
export function ceremony(
  popup: Pick<MessagingPopup, 'postMessage' | 'closed' | 'close'>,
  win: FrameWindow,
  here: WebAuthn.Ceremony,
  pollMs = 500,
): WebAuthn.Ceremony {
  const origin = win.location.origin
  return {
    get: here.get,
    create: (options) =>
      new Promise((resolve, reject) => {
        const request: Create = { type: createType, options }
        const onMessage = (event: MessageEvent) => {
          if (event.source !== (popup as unknown) || event.origin !== origin) return
          if (Hello.safeParse(event.data).success) {
            popup.postMessage(request, origin)
            return
          }
          const result = Result.safeParse(event.data)
          if (!result.success) return
          finish()
          const { credential, prf } = result.data
          if (credential)
            resolve({
              credential,
              prf: {
                enabled: prf?.enabled === true,
                ...(prf?.output ? { output: WebAuthn.toBytes(prf.output) } : {}),
              },
            })
          else if (result.data.error?.code === 4001) reject(new UserRejectedRequestError())
          else
            reject(
              new FrameError('PASSKEY_FAILED', result.data.error?.message ?? 'The passkey was not created'),
            )
        }
        // A closed window is the user's cancel (EIP-1193 4001), which the login shows as no error.
        const timer = setInterval(() => {
          if (!popup.closed) return
          finish()
          reject(new UserRejectedRequestError())
        }, pollMs)
        function finish() {
          clearInterval(timer)
          win.removeEventListener('message', onMessage)
          if (!popup.closed) popup.close()
        }
        win.addEventListener('message', onMessage)
        // The page may have said hello before the options came: it says it again until answered.
      }),
  }
}
