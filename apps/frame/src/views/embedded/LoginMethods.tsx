// Email and social login at the top of Connect (SPEC §1: email, social, then wallets), loaded after
// the view paints so the Connect view pays nothing for it. The flows and the wallet behind them load
// on first use; this component holds only what is on screen.
import {
  type FrameSocialProvider,
  type SocialProvider,
  UserRejectedRequestError,
} from '@walletframe/protocol'
import { useEffect, useRef, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useStore } from '../../components/useStore.js'
import * as Navigation from '../../core/actions/navigation.js'
import type { EmailStep, EmbeddedLogin } from '../../lib/embeddedLogin.js'
import { messageOf } from '../../lib/errors.js'
import * as Popup from '../../lib/popup.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import { constant } from '../../lib/store.js'
import { EmailCode } from './EmailCode.js'
import { RecoveryPassword } from './RecoveryPassword.js'
import { socialLabels, socialsOf } from './socials.js'

/** SPEC §8. */
const initFailed = 'A problem occurred while trying initialize authentication'
const noPrompt = constant(undefined)

type Screen =
  | { name: 'start' }
  | { name: 'code'; step: EmailStep }
  | { name: 'device'; step: EmailStep }
  | { name: 'social'; provider: FrameSocialProvider }
  | { name: 'blocked'; provider: FrameSocialProvider }

export function LoginMethods() {
  const frame = useFrame()
  const features = frame.host()?.features
  const socials = socialsOf(features)
  const [first, ...others] = socials
  const emailOn = features?.email !== false
  const [login, setLogin] = useState<EmbeddedLogin>()
  const prompt = useStore(login?.passwordPrompt ?? noPrompt)
  const [screen, setScreen] = useState<Screen>({ name: 'start' })
  const [email, setEmail] = useState('')
  const [agreed, setAgreed] = useState(!features?.legalCheckbox)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const abort = useRef<AbortController>(undefined)
  useEffect(() => () => abort.current?.abort(), [])

  if (!frame.api || (!emailOn && socials.length === 0)) return null

  const flows = async () => {
    try {
      const loaded = await frame.embedded()
      setLogin(loaded)
      return loaded
    } catch (cause) {
      throw new Error(initFailed, { cause })
    }
  }
  /** Runs a step, showing its error in the API's (or the spec's) words. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (failure) {
      if ((failure as { code?: unknown }).code !== 4001) setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }
  const waitForDevice = (loaded: EmbeddedLogin, step: EmailStep) => {
    abort.current?.abort()
    abort.current = new AbortController()
    setScreen({ name: 'device', step })
    void run(async () =>
      setScreen({ name: 'code', step: await loaded.waitForDevice(step, abort.current!.signal) }),
    )
  }
  const startEmail = () =>
    run(async () => {
      const loaded = await flows()
      const step = await loaded.startEmail(email.trim())
      if (step.action === 'VERIFY_DEVICE') waitForDevice(loaded, step)
      else setScreen({ name: 'code', step })
    })

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
      setScreen({ name: 'blocked', provider })
      return
    }
    abort.current?.abort()
    abort.current = new AbortController()
    const { signal } = abort.current
    setScreen({ name: 'social', provider })
    void run(async () => {
      try {
        await (await flows()).social(provider, popup, signal)
      } finally {
        if (!popup.closed) popup.close()
        setScreen({ name: 'start' })
      }
    })
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

  if (prompt) return <RecoveryPassword prompt={prompt} />
  if (screen.name === 'code')
    return (
      <section className="wf-stack" aria-label="Email code">
        <EmailCode
          step={screen.step}
          busy={busy}
          onVerify={(otp) =>
            void run(async () => {
              await (await flows()).verify(screen.step, otp)
            })
          }
          onResend={() =>
            void run(async () => setScreen({ name: 'code', step: await (await flows()).resend(screen.step) }))
          }
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
    <section className="wf-stack" aria-label="Email and social login">
      {features?.legalCheckbox ? (
        <label className="wf-muted" data-testid="wf-legal-checkbox">
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} /> I
          agree to the Terms of Service and the Privacy Policy
        </label>
      ) : null}
      {emailOn ? (
        <form
          className="wf-stack"
          onSubmit={(event) => {
            event.preventDefault()
            void startEmail()
          }}
        >
          <input
            className="wf-input"
            type="email"
            autoComplete="email"
            placeholder="Email"
            aria-label="Email"
            data-testid="wf-email-input"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button
            type="submit"
            className="wf-button"
            disabled={busy || !agreed}
            data-testid="wf-email-submit"
          >
            {busy ? 'Sending…' : 'Continue with email'}
          </button>
        </form>
      ) : null}
      {screen.name === 'blocked' ? (
        <p className="wf-muted" data-testid="wf-popup-blocked">
          The browser blocked the {socialLabels[screen.provider]} window.{' '}
          <button type="button" className="wf-button-link" onClick={() => startSocial(screen.provider)}>
            Continue
          </button>
        </p>
      ) : null}
      {first ? (
        // The first provider gets a full row; the others share a grid, so seven of them still leave
        // the wallets in view on a laptop screen. Each keeps "Continue with …" as its accessible name.
        <section className="wf-stack" aria-label="Social login">
          <button
            type="button"
            className="wf-list-item"
            disabled={busy || !agreed}
            data-testid={`wf-social-${first}`}
            onClick={() => choose(first)}
          >
            <span>Continue with {socialLabels[first]}</span>
          </button>
          {others.length ? (
            <div className="wf-social-grid">
              {others.map((provider) => (
                <button
                  type="button"
                  key={provider}
                  className="wf-list-item wf-social-tile"
                  aria-label={`Continue with ${socialLabels[provider]}`}
                  disabled={busy || !agreed}
                  data-testid={`wf-social-${provider}`}
                  onClick={() => choose(provider)}
                >
                  {socialLabels[provider]}
                </button>
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      {notes}
    </section>
  )
}
