// /auth/callback: the social login popup's last stop (the API redirects here after the provider). The
// provider's return only counts once this window presents the completion secret from its address with
// the binding secret the frame handed it on /auth/social; the frame learns the result by asking the API
// about its attempt (a Cross-Origin-Opener-Policy anywhere in the chain cuts this window off from it).
// A window that holds no binding (a provider link someone sent) posts nothing and says so.
import { SocialCompleted } from '@walletframe/protocol'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import { messageOf } from '../lib/errors.js'
import * as SocialLogin from './socialLogin.js'

type State = { status: 'busy' } | { status: 'error'; message: string } | SocialLogin.Outcome

async function complete(pending: Parameters<SocialLogin.finish.Options['complete']>[0], completion: string) {
  const config = await FrameConfigFile.load()
  if (!config.apiUrl) throw new Error('This wallet has no login service configured')
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

export function AuthCallbackPage() {
  const [state, setState] = useState<State>({ status: 'busy' })
  // Once per page: finishing spends the stored hand-over (React's development mode runs effects twice).
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const search = location.search
    // The completion secret is spent here; it need not stay in the address bar or the history.
    history.replaceState(history.state, '', location.pathname)
    let storage: Storage
    try {
      storage = sessionStorage
    } catch (failure) {
      setState({ status: 'error', message: messageOf(failure) })
      return
    }
    SocialLogin.finish({ search, storage, complete }).then(
      (outcome) => {
        setState(outcome)
        if (outcome.status === 'completed' || outcome.status === 'failed') window.close()
      },
      (failure) => setState({ status: 'error', message: messageOf(failure) }),
    )
  }, [])

  if (state.status === 'busy') return <Page title="Signing in…" />
  if (state.status === 'error')
    return (
      <Page title="The login did not complete">
        <p className="wf-error" role="alert" data-testid="wf-auth-callback-error">
          {state.message}
        </p>
      </Page>
    )
  if (state.status === 'completed')
    return <Page title="Signed in" text="You can close this window and return to the app." />
  if (state.status === 'failed')
    return <Page title="The login did not complete" text="You can close this window and return to the app." />
  if (state.status === 'unbound')
    return (
      <Page title="This sign-in was not started in this window">
        <p role="alert" data-testid="wf-auth-callback-unbound">
          This sign-in was not started in this window, so it was not completed. If someone sent you the link
          that brought you here, close this window. To sign in, go back to the app and start there.
        </p>
      </Page>
    )
  return <Page title="Nothing to do here" text="This page completes a login started in the wallet." />
}

function Page(props: { title: string; text?: string; children?: ReactNode }) {
  return (
    <main className="wf-page" data-testid="wf-auth-callback">
      <h1>{props.title}</h1>
      {props.text ? <p>{props.text}</p> : null}
      {props.children}
    </main>
  )
}
