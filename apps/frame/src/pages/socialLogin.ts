// The social login popup's own steps, on the frame origin's pages. /auth/social takes the attempt and
// its binding secret from the frame that opened it (postMessage, checked to come from that very window
// and this origin), keeps them in sessionStorage and goes to the provider. /auth/callback, where the
// API sends the popup back, presents the completion secret from its address with the binding secret
// from that storage. A browser that never had the frame's hand-over (someone opened a provider link
// sent to them) has nothing stored, so it posts nothing: the login stays unfinished.
import { FrameError } from '../lib/errors.js'
import { loginMessages } from '../lib/loginMessages.js'
import * as SocialPopup from '../lib/socialPopup.js'

/** What the pages use of their window (a stand-in in tests). */
export type PopupWindow = {
  readonly opener: unknown
  readonly location: Pick<Location, 'origin' | 'replace'>
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/** What the pages use of this tab's sessionStorage. */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The begin message, when it comes from the window that opened this one, on this origin, and holds. */
export function acceptBegin(win: Pick<PopupWindow, 'opener' | 'location'>, event: MessageEvent) {
  // No opener (the page opened by hand, or cut off by a Cross-Origin-Opener-Policy) trusts nothing.
  if (!win.opener || event.source !== win.opener || event.origin !== win.location.origin) return undefined
  const parsed = SocialPopup.Begin.safeParse(event.data)
  return parsed.success ? parsed.data : undefined
}

export class NoOpenerError extends FrameError {
  override name = 'NoOpenerError'
  constructor() {
    super('SOCIAL_POPUP_NO_OPENER', loginMessages.socialNoOpener)
  }
}

export class NoAnswerError extends FrameError {
  override name = 'NoAnswerError'
  constructor() {
    super('SOCIAL_POPUP_NO_ANSWER', loginMessages.socialNoAnswer)
  }
}

export declare namespace awaitBegin {
  type Options = {
    win: PopupWindow
    /** How often to say hello until the frame answers (it may still be asking the API). */
    intervalMs?: number
    /** How long to wait for the answer before giving up. */
    timeoutMs?: number
    signal?: AbortSignal
  }
}

/**
 * Says hello to the opener (target: this origin only) until it answers with the begin message;
 * resolves with it. Only the opener, on this origin, is heard.
 */
export function awaitBegin(options: awaitBegin.Options): Promise<SocialPopup.Begin> {
  const { win, intervalMs = 200, timeoutMs = 60_000, signal } = options
  return new Promise((resolve, reject) => {
    const opener = win.opener as Pick<Window, 'postMessage'> | null
    if (!opener) return reject(new NoOpenerError())
    const hello = () => {
      try {
        opener.postMessage({ type: SocialPopup.helloType }, win.location.origin)
      } catch {
        // The opener went away (its page closed): the timeout below says so.
      }
    }
    const onMessage = (event: MessageEvent) => {
      const begin = acceptBegin(win, event)
      if (!begin) return
      stop()
      resolve(begin)
    }
    const timer = setInterval(hello, intervalMs)
    const deadline = setTimeout(() => {
      stop()
      reject(new NoAnswerError())
    }, timeoutMs)
    const onAbort = () => {
      stop()
      reject(signal?.reason)
    }
    function stop() {
      clearInterval(timer)
      clearTimeout(deadline)
      win.removeEventListener('message', onMessage)
      signal?.removeEventListener('abort', onAbort)
    }
    win.addEventListener('message', onMessage)
    signal?.addEventListener('abort', onAbort)
    hello()
  })
}

/** Keeps the hand-over for /auth/callback and goes to the provider's sign-in page. */
export function begin(
  win: Pick<PopupWindow, 'location'>,
  storage: TabStorage,
  message: SocialPopup.Begin,
): void {
  const { attemptId, binding, projectId, sdk } = message
  const pending: SocialPopup.Pending = { attemptId, binding, projectId, ...(sdk ? { sdk } : {}) }
  storage.setItem(SocialPopup.storageKey, JSON.stringify(pending))
  win.location.replace(message.authorizationUrl)
}

/** How /auth/callback ended. */
export type Outcome =
  /** The attempt is finished: the frame that started it connects. */
  | { readonly status: 'completed' }
  /** The provider or the API said the login failed. */
  | { readonly status: 'failed' }
  /** This window holds no hand-over: the login was started elsewhere, and nothing was posted. */
  | { readonly status: 'unbound' }
  /** The page was opened without a provider's return. */
  | { readonly status: 'invalid' }

export declare namespace finish {
  type Options = {
    /** The page's query string. */
    search: string
    /** sessionStorage of this tab. */
    storage: TabStorage
    /** POSTs /v1/auth/social/complete for `pending`'s project. */
    complete(pending: SocialPopup.Pending, completion: string): Promise<unknown>
  }
}

/** Reads the provider's return and, when this window started the login, finishes it at the API. */
export async function finish(options: finish.Options): Promise<Outcome> {
  const query = new URLSearchParams(options.search)
  const status = query.get('status')
  const stored = read(options.storage)
  if (status === 'failed') {
    options.storage.removeItem(SocialPopup.storageKey)
    return { status: 'failed' }
  }
  const completion = query.get('completion')
  if (status !== 'returned' || !completion) return { status: 'invalid' }
  if (!stored) return { status: 'unbound' }
  // Spent whatever the API answers: a second try of the same pair would be refused anyway.
  options.storage.removeItem(SocialPopup.storageKey)
  await options.complete(stored, completion)
  return { status: 'completed' }
}

function read(storage: TabStorage): SocialPopup.Pending | undefined {
  let text: string | null
  try {
    text = storage.getItem(SocialPopup.storageKey)
  } catch {
    return undefined
  }
  if (!text) return undefined
  try {
    const parsed = SocialPopup.Pending.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
