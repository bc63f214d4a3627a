// ConnectingFarcaster: Sign In With Farcaster. Shows the relay channel's URL (the account state's
// `farcasterUrl`) as a QR code for the Farcaster app and as a link, and waits while the app signs and
// the API verifies; the wallet then opens as after any social login (the recovery password, then
// connected, and the modal closes). The screen is core/login.ts's Farcaster state, the recovery
// password among it. Leaving with no address drops the waiting login (the view stack's
// reloadAuthConnector effect; unmounting stops this view's wait as well).
import { useEffect, useReducer, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { QrCode } from '../../components/QrCode.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Login from '../../core/login.js'
import type { EmbeddedLogin } from '../../lib/embeddedLogin.js'
import { loginMessages } from '../../lib/loginMessages.js'
import { constant } from '../../lib/store.js'
import { localizeText } from '../../locale/en/errors.js'
import { RecoveryPassword } from './RecoveryPassword.js'
import { SecondFactorCode } from './SecondFactorCode.js'

const none = constant(undefined)

export function ConnectingFarcaster() {
  /** Bumped by "Try again": a new attempt, with a new channel. */
  const [round, setRound] = useState(0)
  return <FarcasterAttempt key={round} retry={() => setRound((n) => n + 1)} />
}

function FarcasterAttempt({ retry }: { retry(): void }) {
  const frame = useFrame()
  const messages = useViewMessages()
  const words = messages.login.farcaster
  const [login, setLogin] = useState<EmbeddedLogin>()
  const [state, send] = useReducer(Login.farcasterTransition, Login.farcasterInitial)
  const farcasterUrl = useStore(login?.farcasterUrl ?? none)
  const asked = useStore(login?.passwordPrompt.asked ?? none)
  const codeAsked = useStore(login?.codePrompt.asked ?? none)
  useEffect(() => send({ type: 'channel', url: farcasterUrl }), [farcasterUrl])
  useEffect(() => send(Login.passwordEvent(asked)), [asked])

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    void (async () => {
      let loaded: EmbeddedLogin
      try {
        if (!frame.api) throw new Error('No API configured')
        loaded = await frame.embedded()
      } catch (cause) {
        console.error('[walletframe] the embedded wallet did not load:', cause)
        if (!signal.aborted) send({ type: 'failed', error: loginMessages.initFailed })
        return
      }
      if (signal.aborted) return
      setLogin(loaded)
      try {
        // Not connected (the recovery password declined): the connect action has said so in a toast.
        if (await loaded.farcaster(signal)) send({ type: 'connected' })
      } catch (failure) {
        // Aborted: the user left (or tried again). 4001: the recovery password was cancelled.
        if (signal.aborted) return
        send(Login.failed(failure))
      }
    })()
    return () => controller.abort()
  }, [frame])

  if (codeAsked && login) return <SecondFactorCode question={codeAsked} prompt={login.codePrompt} />
  if (state.name === 'password' && login)
    return <RecoveryPassword reason={state.reason} prompt={login.passwordPrompt} />
  return (
    <section className="wf-stack" aria-label={words.region} data-testid="wf-farcaster">
      {state.name === 'failed' ? (
        <>
          <p className="wf-error" role="alert" data-testid="wf-farcaster-error">
            {localizeText(state.error, messages.errors)}
          </p>
          <button type="button" className="wf-button" data-testid="wf-farcaster-retry" onClick={retry}>
            {words.tryAgain}
          </button>
        </>
      ) : state.name === 'waiting' ? (
        <>
          <p className="wf-muted">{words.scan}</p>
          <QrCode value={state.url} alt={words.qrAlt} testId="wf-farcaster-qr" />
          <a className="wf-button wf-button-link" href={state.url} data-testid="wf-farcaster-link">
            {words.open}
          </a>
          <p className="wf-muted" data-testid="wf-farcaster-waiting">
            {words.waiting}
          </p>
        </>
      ) : (
        <p className="wf-muted" data-testid="wf-farcaster-opening">
          {words.opening}
        </p>
      )}
      {login?.sessionOnly ? (
        <p className="wf-muted" data-testid="wf-login-session-only">
          {messages.login.sessionOnly}
        </p>
      ) : null}
    </section>
  )
}
