// Social login in a popup, bound to this frame: the frame makes a binding secret and gives the API only
// its SHA-256 at start; the popup (the frame origin's /auth/social, opened in the click) asks for the
// attempt by postMessage and is answered — it alone, on this origin — with the attempt and the secret.
// The provider's return counts once that popup presents the secret (/auth/callback), so someone who
// opens the provider's link in another browser finishes nothing. The frame meanwhile looks at the
// attempt (`ready`, once per look; the waiting is core's) until it is ready: once the popup has left for
// the provider, nothing ties it to the frame any more (a Cross-Origin-Opener-Policy on the way severs
// the opener).
import type { DevicePublicKey, FrameSocialProvider } from '@walletframe/protocol'
import type { PendingLogin } from '../../lib/embeddedLogin.js'
import { FrameError } from '../../lib/errors.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import * as AttemptStatus from './attemptStatus.js'
import type { AuthApi } from './authApi.js'

export class SocialLoginFailedError extends FrameError {
  override name = 'SocialLoginFailedError'
  constructor(message: string) {
    super('SOCIAL_LOGIN_FAILED', message)
  }
}

/** What the flow uses of the popup the view opened (cross-origin for most of its life). */
export type PopupHandle = Pick<Window, 'postMessage'>

/** What the flow uses of the frame's own window: the popup's hello arrives there. */
export type FrameWindow = {
  readonly location: Pick<Location, 'origin'>
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export declare namespace create {
  type Options = {
    api: Pick<AuthApi, 'socialStart' | 'attempt'>
    deviceKey(): Promise<DevicePublicKey>
    /** The host's project: the popup's call to the API names it. */
    projectId(): string | undefined
    /** The SDK the host reported, for that call's `st` and `sv`. */
    sdk(): { type: string; version: string } | undefined
    win: FrameWindow
  }
}

/** A social login under way: CONNECT, or a re-authentication, is the caller's once it is ready. */
export type SocialAttempt = Omit<PendingLogin, 'connect'>

export type SocialLogin = ReturnType<typeof create>

export function create(options: create.Options) {
  const { api, win } = options
  const origin = win.location.origin

  return {
    /**
     * Starts a login with `provider` in `popup` (opened on the frame origin's /auth/social): the popup
     * is answered with the attempt when it says hello, until the attempt is ended.
     */
    async start(
      provider: FrameSocialProvider,
      popup: PopupHandle,
      signal: AbortSignal,
    ): Promise<SocialAttempt> {
      const projectId = options.projectId()
      if (!projectId) throw new SocialLoginFailedError('The app has not said which project it is; reload it')
      const binding = SocialPopup.newBinding()
      let begin: SocialPopup.Begin | undefined
      let greeted = false
      const answer = () => {
        try {
          // Delivered only while the popup shows a frame-origin page: once it has gone to the
          // provider, the secret goes nowhere.
          popup.postMessage(begin, origin)
        } catch {
          // The popup is gone: the attempt's status tells what became of the login.
        }
      }
      const onMessage = (event: MessageEvent) => {
        if (event.source !== (popup as unknown) || event.origin !== origin) return
        if (!SocialPopup.isHello(event.data)) return
        greeted = true
        if (begin) answer()
      }
      const end = () => win.removeEventListener('message', onMessage)
      win.addEventListener('message', onMessage)
      try {
        const started = await api.socialStart(
          provider,
          await options.deviceKey(),
          await SocialPopup.challengeOf(binding),
        )
        signal.throwIfAborted()
        const sdk = options.sdk()
        begin = {
          type: SocialPopup.beginType,
          attemptId: started.attemptId,
          binding,
          projectId,
          authorizationUrl: started.authorizationUrl,
          ...(sdk ? { sdk } : {}),
        }
        if (greeted) answer()
        return {
          attemptId: started.attemptId,
          ready: async (signal) =>
            AttemptStatus.isReady(
              await api.attempt(started.attemptId, signal),
              (message) => new SocialLoginFailedError(message),
              `The ${provider} login did not complete`,
            ),
          end,
        }
      } catch (error) {
        end()
        throw error
      }
    },
  }
}
