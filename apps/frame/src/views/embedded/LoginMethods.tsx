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
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { QueryLayer } from '../../components/queryLayerLazy.js'
import { useLocale } from '../../components/useMessages.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as Login from '../../core/login.js'
import type { EmailStep, EmbeddedLogin, PasskeyMode } from '../../lib/embeddedLogin.js'
import { loginMessages } from '../../lib/loginMessages.js'
import * as PasskeySupport from '../../lib/passkeySupport.js'
import * as Popup from '../../lib/popup.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import { constant } from '../../lib/store.js'
import { loadViews } from '../../locale/catalogs.js'
import { localizeText } from '../../locale/en/errors.js'
import { EmailCode } from './EmailCode.js'
import { LoginStart, offersLogin } from './LoginStart.js'
import { RecoveryPassword } from './RecoveryPassword.js'
import { SecondFactorCode } from './SecondFactorCode.js'
import { socialMarks } from './socialMarks.js'
import { socialLabels } from './socials.js'

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
  // The first screen's words are in the boot chunk; the later screens' load now, before they show.
  const locale = useLocale()
  useEffect(() => void loadViews(locale).catch(() => {}), [locale])

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
      throw new Error(loginMessages.initFailed, { cause })
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
      const popup = Popup.open(Popup.localized(PasskeySupport.path, locale), 'walletframe-passkey')
      if (!popup) {
        fail(new Error(loginMessages.passkeyWindowBlocked))
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
    const popup = Popup.open(Popup.localized(SocialPopup.path, locale), 'walletframe-login')
    if (!popup) {
      send({ type: 'popupBlocked', provider })
      return
    }
    const signal = waiting()
    send({ type: 'popupOpened', provider })
    social.mutate({ provider, popup, signal })
  }

  const notes = <LoginNotes error={error} sessionOnly={Boolean(login?.sessionOnly)} />

  // The second factor's question comes before any other screen: the wallet waits on it to open.
  if (codeAsked && login) return <SecondFactorCode question={codeAsked} prompt={login.codePrompt} />
  if (screen.name === 'password' && login)
    return <RecoveryPassword reason={screen.reason} prompt={login.passwordPrompt} />
  if (screen.name === 'code')
    return (
      <CodeScreen
        notes={notes}
        step={screen.step}
        busy={busy}
        onVerify={(otp) => verify.mutate({ step: screen.step, otp })}
        onResend={() => resend.mutate(screen.step)}
      />
    )
  if (screen.name === 'device') return <DeviceScreen email={screen.step.email} notes={notes} />
  if (screen.name === 'passkey') return <PasskeyScreen mode={screen.mode} notes={notes} />
  if (screen.name === 'social')
    return (
      <SocialScreen
        provider={socialLabels[screen.provider]}
        notes={notes}
        onCancel={() => abort.current?.abort(new UserRejectedRequestError())}
      />
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
          <PopupBlocked
            provider={socialLabels[screen.blocked]}
            onContinue={() => startSocial(screen.blocked!)}
          />
        ) : null
      }
      after={notes}
    />
  )
}

/** The login's error, in the frame's language where it is one the frame raises, and its storage note. */
function LoginNotes({ error, sessionOnly }: { error: string | undefined; sessionOnly: boolean }) {
  const messages = useViewMessages()
  return (
    <>
      {error ? (
        <p className="wf-error" role="alert" data-testid="wf-login-error">
          {localizeText(error, messages.errors)}
        </p>
      ) : null}
      {sessionOnly ? (
        <p className="wf-muted" data-testid="wf-login-session-only">
          {messages.login.sessionOnly}
        </p>
      ) : null}
    </>
  )
}

function CodeScreen(props: {
  notes: ReactNode
  step: EmailStep
  busy: boolean
  onVerify(otp: string): void
  onResend(): void
}) {
  const messages = useViewMessages().login.emailCode
  return (
    <section className="wf-stack" aria-label={messages.region}>
      <EmailCode step={props.step} busy={props.busy} onVerify={props.onVerify} onResend={props.onResend} />
      {props.notes}
    </section>
  )
}

function DeviceScreen({ email, notes }: { email: string; notes: ReactNode }) {
  const messages = useViewMessages().login.device
  return (
    <section className="wf-stack" aria-label={messages.region} data-testid="wf-email-device">
      <p className="wf-muted">{messages.newDevice(email)}</p>
      {notes}
    </section>
  )
}

function PasskeyScreen({ mode, notes }: { mode: PasskeyMode; notes: ReactNode }) {
  const messages = useViewMessages().login.passkey
  return (
    <section className="wf-stack" aria-label={messages.region} data-testid="wf-passkey-waiting">
      <p className="wf-muted">{mode === 'create' ? messages.create : messages.choose}</p>
      {notes}
    </section>
  )
}

function SocialScreen(props: { provider: string; notes: ReactNode; onCancel(): void }) {
  const messages = useViewMessages().login.social
  return (
    <section className="wf-stack" aria-label={messages.region} data-testid="wf-social-waiting">
      <p className="wf-muted">{messages.continueIn(props.provider)}</p>
      {/* The frame cannot tell a closed popup from one a Cross-Origin-Opener-Policy cut off: the user says. */}
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-social-cancel"
        onClick={props.onCancel}
      >
        {messages.cancel}
      </button>
      {props.notes}
    </section>
  )
}

function PopupBlocked(props: { provider: string; onContinue(): void }) {
  const messages = useViewMessages().login.social
  return (
    <p className="wf-muted" data-testid="wf-popup-blocked">
      {messages.blocked(props.provider)}{' '}
      <button type="button" className="wf-button-link" onClick={props.onContinue}>
        {messages.continue}
      </button>
    </p>
  )
}
