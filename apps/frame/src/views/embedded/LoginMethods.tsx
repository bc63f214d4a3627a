// Email and social login at the top of Connect (email, social, then wallets), loaded after the view
// paints so the Connect view pays nothing for it. The wallet behind the login loads on first use. The
// screen is core/login.ts's state; each step is a mutation whose outcome the view sends as an event,
// and so is the wallet's question for the recovery password (or the second factor's code) as it opens.
import { useMutation } from '@tanstack/react-query'
import {
  type FrameSocialProvider,
  type SocialProvider,
  UserRejectedRequestError,
} from '@walletframe/protocol'
import { useEffect, useReducer, useRef, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { QueryLayer } from '../../components/queryLayerLazy.js'
import { useStore } from '../../components/useStore.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as Login from '../../core/login.js'
import type { EmailStep, EmbeddedLogin, PasskeyMode } from '../../lib/embeddedLogin.js'
import * as PasskeySupport from '../../lib/passkeySupport.js'
import * as Popup from '../../lib/popup.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import { constant } from '../../lib/store.js'
import { EmailCode } from './EmailCode.js'
import { LoginStart, offersLogin } from './LoginStart.js'
import { RecoveryPassword } from './RecoveryPassword.js'
import { SecondFactorCode } from './SecondFactorCode.js'
import { socialMarks } from './socialMarks.js'
import { socialLabels } from './socials.js'

/** The fixed message when the login's code does not load. */
const initFailed = 'A problem occurred while trying initialize authentication'
const notAsked = constant(undefined)

export function LoginMethods() {
  const frame = useFrame()
  const features = frame.host()?.features
  if (!offersLogin(Boolean(frame.api), features)) return null
  // The steps are mutations: the query client loads with this section, after Connect has painted.
  return (
    <QueryLayer>
      <Methods />
    </QueryLayer>
  )
}

function Methods() {
  const frame = useFrame()
  const features = frame.host()?.features
  const [login, setLogin] = useState<EmbeddedLogin>()
  const [screen, send] = useReducer(Login.transition, Login.initial)
  const asked = useStore(login?.passwordPrompt.asked ?? notAsked)
  const codeAsked = useStore(login?.codePrompt.asked ?? notAsked)
  useEffect(() => send(Login.passwordEvent(asked)), [asked])
  const [email, setEmail] = useState('')
  const [agreed, setAgreed] = useState(!features?.legalCheckbox)
  const abort = useRef<AbortController>(undefined)
  useEffect(() => () => abort.current?.abort(), [])

  /** A fresh wait (the device's approval, the popup's login); Cancel or leaving the view ends it. */
  const waiting = (): AbortSignal => {
    abort.current?.abort()
    abort.current = new AbortController()
    return abort.current.signal
  }
  const flows = async () => {
    try {
      const loaded = await frame.embedded()
      setLogin(loaded)
      return loaded
    } catch (cause) {
      throw new Error(initFailed, { cause })
    }
  }
  const fail = (failure: unknown) => send(Login.failed(failure))
  const began = () => send({ type: 'began' })
  const finished = (connected: boolean) => send(Login.finished(connected))

  const device = useMutation({
    mutationFn: async (step: EmailStep) => (await flows()).waitForDevice(step, waiting()),
    onMutate: began,
    onSuccess: (step) => send({ type: 'deviceApproved', step }),
    onError: fail,
  })
  const start = useMutation({
    mutationFn: async (address: string) => (await flows()).startEmail(address),
    onMutate: began,
    onSuccess(step) {
      send({ type: 'emailStarted', step })
      if (step.action === 'VERIFY_DEVICE') device.mutate(step)
    },
    onError: fail,
  })
  const verify = useMutation({
    mutationFn: async ({ step, otp }: { step: EmailStep; otp: string }) => (await flows()).verify(step, otp),
    onMutate: began,
    onSuccess: finished,
    onError: fail,
  })
  const resend = useMutation({
    mutationFn: async (step: EmailStep) => (await flows()).resend(step),
    onMutate: began,
    onSuccess: (step) => send({ type: 'codeResent', step }),
    onError: fail,
  })
  const social = useMutation({
    mutationFn: async (login: {
      provider: FrameSocialProvider
      popup: Popup.MessagingPopup
      signal: AbortSignal
    }) => {
      try {
        return await (await flows()).social(login.provider, login.popup, login.signal)
      } finally {
        if (!login.popup.closed) login.popup.close()
      }
    },
    onMutate: began,
    onSuccess: finished,
    onError: fail,
  })
  const passkey = useMutation({
    mutationFn: async (login: { mode: PasskeyMode; popup?: Popup.MessagingPopup }) => {
      try {
        return await (await flows()).passkey(login.mode, login.popup)
      } finally {
        if (login.popup && !login.popup.closed) login.popup.close()
      }
    },
    onMutate: (login) => send({ type: 'passkeyStarted', mode: login.mode }),
    onSuccess: finished,
    onError: fail,
  })
  /**
   * The dialog runs in this frame (the SDK's iframe allows publickey-credentials-get and -create;
   * Chromium creates passkeys in a cross-origin iframe with that and the click's activation). Safari
   * refuses create there: a window on the frame origin, opened synchronously here before any await
   * loses the click, creates it instead.
   */
  const startPasskey = (mode: PasskeyMode) => {
    if (mode === 'create' && PasskeySupport.needed()) {
      const popup = Popup.open(PasskeySupport.path, 'walletframe-passkey')
      if (!popup) {
        fail(new Error('The browser blocked the passkey window; allow pop-ups for this site and try again'))
        return
      }
      passkey.mutate({ mode, popup })
      return
    }
    passkey.mutate({ mode })
  }
  const busy =
    start.isPending || verify.isPending || resend.isPending || social.isPending || passkey.isPending
  const error = 'error' in screen ? screen.error : undefined

  /** Farcaster signs in on its own view (a QR code for the Farcaster app), not in a popup. */
  const choose = (provider: SocialProvider) =>
    provider === 'farcaster' ? Navigation.push(frame.core, 'ConnectingFarcaster') : startSocial(provider)

  /**
   * Synchronous up to window.open: an await before it loses the click, and the browser blocks the
   * popup. It opens on the frame's own page, which the login hands the attempt to by postMessage.
   */
  const startSocial = (provider: FrameSocialProvider) => {
    const popup = Popup.open(SocialPopup.path, 'walletframe-login')
    if (!popup) {
      send({ type: 'popupBlocked', provider })
      return
    }
    const signal = waiting()
    send({ type: 'popupOpened', provider })
    social.mutate({ provider, popup, signal })
  }

  const notes = (
    <>
      {error ? (
        <p className="wf-error" role="alert" data-testid="wf-login-error">
          {error}
        </p>
      ) : null}
      {login?.sessionOnly ? (
        <p className="wf-muted" data-testid="wf-login-session-only">
          This browser keeps no data for this window: you stay signed in until you leave or reload the page.
        </p>
      ) : null}
    </>
  )

  // The second factor's question comes before any other screen: the wallet waits on it to open.
  if (codeAsked && login) return <SecondFactorCode question={codeAsked} prompt={login.codePrompt} />
  if (screen.name === 'password' && login)
    return <RecoveryPassword reason={screen.reason} prompt={login.passwordPrompt} />
  if (screen.name === 'code')
    return (
      <section className="wf-stack" aria-label="Email code">
        <EmailCode
          step={screen.step}
          busy={busy}
          onVerify={(otp) => verify.mutate({ step: screen.step, otp })}
          onResend={() => resend.mutate(screen.step)}
        />
        {notes}
      </section>
    )
  if (screen.name === 'device')
    return (
      <section className="wf-stack" aria-label="Approve this device" data-testid="wf-email-device">
        <p className="wf-muted">
          This device is new for {screen.step.email}. Open the link we sent there and approve it; the code
          follows.
        </p>
        {notes}
      </section>
    )
  if (screen.name === 'passkey')
    return (
      <section className="wf-stack" aria-label="Passkey login" data-testid="wf-passkey-waiting">
        <p className="wf-muted">
          {screen.mode === 'create'
            ? 'Create a passkey for your new wallet in the browser’s dialog.'
            : 'Choose your passkey in the browser’s dialog.'}
        </p>
        {notes}
      </section>
    )
  if (screen.name === 'social')
    return (
      <section className="wf-stack" aria-label="Social login" data-testid="wf-social-waiting">
        <p className="wf-muted">Continue with {socialLabels[screen.provider]} in the window that opened.</p>
        {/* The frame cannot tell a closed popup from one a Cross-Origin-Opener-Policy cut off: the user says. */}
        <button
          type="button"
          className="wf-button wf-button-secondary"
          data-testid="wf-social-cancel"
          onClick={() => abort.current?.abort(new UserRejectedRequestError())}
        >
          Cancel
        </button>
        {notes}
      </section>
    )

  return (
    <LoginStart
      features={features}
      email={email}
      onEmail={setEmail}
      agreed={agreed}
      onAgreed={setAgreed}
      busy={busy}
      onSubmitEmail={() => start.mutate(email)}
      onChoose={choose}
      onPasskey={startPasskey}
      marks={socialMarks}
      // Loaded once; a load that fails is tried again by the step that needs it, which reports it.
      onNear={() => void frame.embedded().then(setLogin, () => {})}
      between={
        screen.name === 'start' && screen.blocked ? (
          <p className="wf-muted" data-testid="wf-popup-blocked">
            The browser blocked the {socialLabels[screen.blocked]} window.{' '}
            <button type="button" className="wf-button-link" onClick={() => startSocial(screen.blocked!)}>
              Continue
            </button>
          </p>
        ) : null
      }
      after={notes}
    />
  )
}
