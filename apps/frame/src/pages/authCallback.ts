// /auth/callback: the social login popup's last stop (the API redirects here after the provider). The
// provider's return only counts once this window presents the completion secret from its address with
// the binding secret the frame handed it on /auth/social; the frame, whose look at its attempt the API
// holds, hears it the moment the API has it (a Cross-Origin-Opener-Policy anywhere in the chain cuts
// this window off from the frame, so the frame never waits on this window). A window that holds no
// binding (a provider link someone sent) posts nothing and says so.
// No React: the page is its own entry (auth/callback.html) and loads none of the modal's views, so the
// popup finishes, and the frame hears of it, as soon as the API's answer is read. The router's
// /auth/callback route runs the same steps on a server that answers every path with index.html.
import { SocialCompleted } from '@walletframe/protocol'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import { messageOf } from '../lib/errors.js'
import { loginMessages } from '../lib/loginMessages.js'
import { pages } from '../locale/en/pages.js'
import { loadPageWords, markDocument, pageLanguage } from './pageWords.js'
import * as SocialLogin from './socialLogin.js'

async function complete(pending: Parameters<SocialLogin.finish.Options['complete']>[0], completion: string) {
  const config = await FrameConfigFile.load()
  if (!config.apiUrl) throw new Error(loginMessages.noLoginService)
  const client = Client.create({
    apiUrl: config.apiUrl,
    projectId: () => pending.projectId,
    sdk: () => pending.sdk,
  })
  const { attemptId, binding } = pending
  return client.post(
    '/v1/auth/social/complete',
    { attemptId, completion, binding },
    { schema: SocialCompleted },
  )
}

/** What the page says: a title, a line, and for a failure the words the tests and the user read. */
type View = { title: string; text?: string; alert?: { testId: string; text: string } }

/** The words the page needs: its own, and a text the frame raised in the page's language. */
type Words = { callback: typeof pages.callback; localize(text: string): string }

// The page's language is a chunk away; a login must still finish, and say so, if it never comes.
const english: Words = { callback: pages.callback, localize: (text) => text }

function viewOf(words: Words, outcome: SocialLogin.Outcome | { status: 'error'; message: string }): View {
  const { callback } = words
  switch (outcome.status) {
    case 'error':
      return {
        title: callback.notCompleted,
        alert: { testId: 'wf-auth-callback-error', text: words.localize(outcome.message) },
      }
    case 'completed':
      return { title: callback.signedIn, text: callback.closeWindow }
    case 'failed':
      return { title: callback.notCompleted, text: callback.closeWindow }
    case 'unbound':
      return {
        title: callback.unboundTitle,
        alert: { testId: 'wf-auth-callback-unbound', text: callback.unbound },
      }
    case 'invalid':
      return { title: callback.nothingTitle, text: callback.nothing }
  }
}

function render(root: HTMLElement, view: View): void {
  const main = document.createElement('main')
  main.className = 'wf-page'
  main.dataset.testid = 'wf-auth-callback'
  const title = document.createElement('h1')
  title.textContent = view.title
  main.append(title)
  if (view.text) {
    const text = document.createElement('p')
    text.textContent = view.text
    main.append(text)
  }
  if (view.alert) {
    const alert = document.createElement('p')
    alert.setAttribute('role', 'alert')
    alert.dataset.testid = view.alert.testId
    if (view.alert.testId === 'wf-auth-callback-error') alert.className = 'wf-error'
    alert.textContent = view.alert.text
    main.append(alert)
  }
  root.replaceChildren(main)
}

/**
 * Finishes the login this window started, showing where it stands in `root`; closes the window once
 * the attempt is finished or has failed. Runs once per page: finishing spends the stored hand-over.
 */
export async function run(root: HTMLElement): Promise<void> {
  // The page's language is this tab's (the social page it started on was opened in it): its words
  // load while the login finishes.
  const words = loadPageWords().then(
    (loaded): Words => {
      markDocument(pageLanguage())
      return { callback: loaded.messages.pages.callback, localize: loaded.localize }
    },
    () => english,
  )
  const search = location.search
  // The completion secret is spent here; it need not stay in the address bar or the history.
  history.replaceState(history.state, '', location.pathname)
  void words.then((loaded) => {
    if (!root.hasChildNodes()) render(root, { title: loaded.callback.signingIn })
  })
  let outcome: Parameters<typeof viewOf>[1]
  try {
    outcome = await SocialLogin.finish({ search, storage: sessionStorage, complete })
  } catch (failure) {
    outcome = { status: 'error', message: messageOf(failure) }
  }
  render(root, viewOf(await words, outcome))
  if (outcome.status === 'completed' || outcome.status === 'failed') window.close()
}
