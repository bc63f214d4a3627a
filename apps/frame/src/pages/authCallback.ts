// /auth/callback: the social login popup's last stop (the API redirects here after the provider). The
// provider's return only counts once this window presents the completion secret from its address with
// the binding secret the frame handed it on /auth/social; the frame, whose look at its attempt the API
// holds, hears it the moment the API has it (a Cross-Origin-Opener-Policy anywhere in the chain cuts
// this window off from the frame, so the frame never waits on this window). A window that holds no
// binding (a provider link someone sent) posts nothing and says so.
// No React: the page is its own entry (auth/callback.html) and loads none of the modal's code, so the
// popup finishes, and the frame hears of it, as soon as the API's answer is read. The router's
// /auth/callback route runs the same steps on a server that answers every path with index.html.
import { SocialCompleted } from '@walletframe/protocol'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import { messageOf } from '../lib/errors.js'
import { loginMessages } from '../lib/loginMessages.js'
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

const closeText = 'You can close this window and return to the app.'

function viewOf(outcome: SocialLogin.Outcome | { status: 'error'; message: string }): View {
  switch (outcome.status) {
    case 'error':
      return {
        title: 'The login did not complete',
        alert: { testId: 'wf-auth-callback-error', text: outcome.message },
      }
    case 'completed':
      return { title: 'Signed in', text: closeText }
    case 'failed':
      return { title: 'The login did not complete', text: closeText }
    case 'unbound':
      return {
        title: 'This sign-in was not started in this window',
        alert: {
          testId: 'wf-auth-callback-unbound',
          text:
            'This sign-in was not started in this window, so it was not completed. If someone sent you the link ' +
            'that brought you here, close this window. To sign in, go back to the app and start there.',
        },
      }
    case 'invalid':
      return { title: 'Nothing to do here', text: 'This page completes a login started in the wallet.' }
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
  render(root, { title: 'Signing in…' })
  const search = location.search
  // The completion secret is spent here; it need not stay in the address bar or the history.
  history.replaceState(history.state, '', location.pathname)
  let storage: Storage
  try {
    storage = sessionStorage
  } catch (failure) {
    return render(root, viewOf({ status: 'error', message: messageOf(failure) }))
  }
  try {
    const outcome = await SocialLogin.finish({ search, storage, complete })
    render(root, viewOf(outcome))
    if (outcome.status === 'completed' || outcome.status === 'failed') window.close()
  } catch (failure) {
    render(root, viewOf({ status: 'error', message: messageOf(failure) }))
  }
}
