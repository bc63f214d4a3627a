// UpdateEmailWallet: the account's email address changes, or an account without one adds one. The
// new address; a code from the mailbox linked now (VERIFY_PRIMARY_OTP); a code from the new one
// (VERIFY_SECONDARY_OTP); done. An account without an address (X, Facebook,
// Farcaster, an unverified provider address) has no mailbox to agree, so it first confirms it is the
// user by logging in again with its current method — a popup for a social provider, the QR code for
// Farcaster — and the code goes to the new address. The wallet and its address stay; the host's state
// shows the new address. The steps run in core/actions/updateEmail.ts as mutations; errors are shown in
// the API's words.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { QrCode } from '../../components/QrCode.js'
import { useStore } from '../../components/useStore.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as UpdateEmail from '../../core/actions/updateEmail.js'
import type { EmailUpdate, EmailUpdateStep, ReauthMethod } from '../../lib/emailUpdate.js'
import { messageOf } from '../../lib/errors.js'
import * as Popup from '../../lib/popup.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import { constant } from '../../lib/store.js'
import { FreshFactor } from '../account/FreshFactor.js'
import { EmailCode } from './EmailCode.js'
import { socialLabels } from './socials.js'

type Screen =
  | { name: 'confirm' }
  | { name: 'confirming' }
  | { name: 'email' }
  | { name: 'code'; step: EmailUpdateStep }
  | { name: 'done'; email: string }

const noUrl = constant(undefined)

export function UpdateEmailWallet() {
  const frame = useFrame()
  const { core } = frame
  const connection = useStore(core.connection)
  const info = connection.connector?.embeddedWalletInfo
  const current = info?.user.email
  // Read once: the method to confirm is the one the account had when the view opened.
  const [method] = useState<ReauthMethod | undefined>(() => UpdateEmail.reauthMethodOf(info))
  const deps = useRef<UpdateEmail.Deps>({
    core,
    emailUpdate: async () => (await frame.embedded()).emailUpdate,
  }).current
  const [screen, setScreen] = useState<Screen>(method ? { name: 'confirm' } : { name: 'email' })
  /** The re-login that vouches for the user, until a start spends it. */
  const [reauth, setReauth] = useState<string>()
  const [update, setUpdate] = useState<EmailUpdate>()
  const farcasterUrl = useStore(update?.farcasterUrl ?? noUrl)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const abort = useRef<AbortController>(undefined)
  useEffect(() => () => abort.current?.abort(), [])

  /** Each step clears the last error as it begins and shows its own in the API's words. */
  const began = () => setError(undefined)
  const failed = (failure: unknown) => setError(messageOf(failure))

  const start = useMutation({
    mutationFn: (request: { address: string; reauth: string | undefined }) =>
      UpdateEmail.start(deps, request.address, request.reauth),
    onMutate: began,
    onSuccess: (step) => setScreen({ name: 'code', step }),
    onError(failure) {
      // The API may have spent the re-login before it refused (a cooldown, a mail that did not go):
      // confirm again rather than send one it would refuse.
      if (method) setScreen({ name: 'confirm' })
      failed(failure)
    },
    // A re-login vouches for one start.
    onSettled: () => setReauth(undefined),
  })
  const verify = useMutation({
    mutationFn: (code: { step: EmailUpdateStep; otp: string }) =>
      UpdateEmail.verify(deps, code.step, code.otp),
    onMutate: began,
    onSuccess: (next) =>
      setScreen(next.action === 'DONE' ? { name: 'done', email: next.email } : { name: 'code', step: next }),
    onError: failed,
  })

  /** A fresh wait for the re-login; Cancel or leaving the view ends it. */
  const waiting = () => {
    abort.current?.abort()
    abort.current = new AbortController()
    return abort.current.signal
  }
  const confirmed = (attemptId: string) => {
    setReauth(attemptId)
    setScreen({ name: 'email' })
  }
  /** Cancelled, or the view left: nothing to report; else back to the confirmation with the reason. */
  const notConfirmed = (failure: unknown, signal: AbortSignal) => {
    if (signal.aborted) return
    setScreen({ name: 'confirm' })
    failed(failure)
  }
  const social = useMutation({
    mutationFn: async ({ popup, signal }: { popup: Popup.MessagingPopup; signal: AbortSignal }) => {
      try {
        return await UpdateEmail.confirmSocial(deps, popup, signal)
      } finally {
        if (!popup.closed) popup.close()
      }
    },
    onMutate: began,
    onSuccess: confirmed,
    onError: (failure, { signal }) => notConfirmed(failure, signal),
  })
  const farcaster = useMutation({
    mutationFn: async (signal: AbortSignal) => {
      setUpdate(await deps.emailUpdate())
      return UpdateEmail.confirmFarcaster(deps, signal)
    },
    onMutate: began,
    onSuccess: confirmed,
    onError: notConfirmed,
  })
  const busy = start.isPending || verify.isPending || social.isPending || farcaster.isPending

  /** Synchronous up to window.open: an await before it loses the click, and the browser blocks the popup. */
  const confirmSocial = () => {
    const popup = Popup.open(SocialPopup.path, 'walletframe-login')
    if (!popup) {
      setError(`The browser blocked the ${label(method)} window; allow it and try again`)
      return
    }
    const signal = waiting()
    setScreen({ name: 'confirming' })
    social.mutate({ popup, signal })
  }
  const confirmFarcaster = () => {
    const signal = waiting()
    setScreen({ name: 'confirming' })
    farcaster.mutate(signal)
  }
  const cancel = () => {
    abort.current?.abort()
    setScreen({ name: 'confirm' })
  }

  const alert = error ? (
    <p className="wf-error" role="alert" data-testid="wf-update-email-error">
      {error}
    </p>
  ) : null

  if (screen.name === 'done')
    return (
      <section className="wf-stack" aria-label="Email updated" data-testid="wf-update-email-done">
        <p>
          Your account's email is now <strong data-testid="wf-update-email-new">{screen.email}</strong>. Your
          wallet and its address stay the same.
        </p>
        <button type="button" className="wf-button" onClick={() => Navigation.back(core)}>
          Back to account
        </button>
      </section>
    )

  if (screen.name === 'confirm' || screen.name === 'confirming')
    return (
      <section
        className="wf-stack"
        aria-label={`Confirm with ${label(method)}`}
        data-testid="wf-update-email-confirm"
        data-state={screen.name}
      >
        <p className="wf-muted">
          Your account has no email address yet. To add one, first confirm it is you: sign in again with{' '}
          {label(method)}.
        </p>
        {screen.name === 'confirm' ? (
          <button
            type="button"
            className="wf-button"
            disabled={busy}
            data-testid="wf-update-email-confirm-start"
            onClick={method === 'farcaster' ? confirmFarcaster : confirmSocial}
          >
            Confirm with {label(method)}
          </button>
        ) : (
          <>
            {method === 'farcaster' ? (
              farcasterUrl ? (
                <>
                  <QrCode
                    value={farcasterUrl}
                    alt="QR code to sign in with Farcaster"
                    testId="wf-update-email-farcaster-qr"
                  />
                  <a
                    className="wf-button wf-button-link"
                    href={farcasterUrl}
                    data-testid="wf-update-email-farcaster-link"
                  >
                    Open in Farcaster
                  </a>
                </>
              ) : (
                <p className="wf-muted">Opening a Farcaster sign-in…</p>
              )
            ) : (
              <p className="wf-muted">Continue with {label(method)} in the window that opened.</p>
            )}
            {/* The frame cannot tell a closed popup from one a Cross-Origin-Opener-Policy cut off: the user says. */}
            <button
              type="button"
              className="wf-button wf-button-secondary"
              data-testid="wf-update-email-confirm-cancel"
              onClick={cancel}
            >
              Cancel
            </button>
          </>
        )}
        {alert}
      </section>
    )

  if (screen.name === 'code') {
    const { step } = screen
    const primary = step.action === 'VERIFY_PRIMARY_OTP'
    return (
      <section
        className="wf-stack"
        aria-label={primary ? 'Confirm from your current email' : 'Confirm your new email'}
        data-testid="wf-update-email-step"
        data-action={step.action}
      >
        <p className="wf-muted">
          {primary
            ? `Step 1 of 2: confirm the change to ${step.email} from your current address.`
            : current
              ? `Step 2 of 2: confirm that ${step.email} is yours.`
              : `Confirm that ${step.email} is yours.`}
        </p>
        <EmailCode
          // A new code starts the entry afresh.
          key={`${step.updateId}:${step.action}:${step.resendAt}`}
          step={{ email: step.sentTo, resendAt: step.resendAt }}
          busy={busy}
          busyLabel="Verifying…"
          onVerify={(otp) => verify.mutate({ step, otp })}
          // The API has no resend for an update: a new start mails a new first code (cooldown applies).
          {...(primary ? { onResend: () => start.mutate({ address: step.email, reauth }) } : {})}
        />
        {primary ? null : (
          <button
            type="button"
            className="wf-button-link"
            disabled={busy}
            data-testid="wf-update-email-restart"
            onClick={() => {
              setError(undefined)
              // A start spent the re-login: an account without an address confirms again.
              setScreen(method ? { name: 'confirm' } : { name: 'email' })
            }}
          >
            No code? Start again
          </button>
        )}
        {alert}
      </section>
    )
  }

  return (
    <>
      <form
        className="wf-stack"
        aria-label={current ? 'Update email' : 'Add email'}
        data-testid="wf-update-email"
        onSubmit={(event) => {
          event.preventDefault()
          start.mutate({ address: email.trim(), reauth })
        }}
      >
        <p className="wf-muted">
          {current
            ? `Your account's email is ${current}. We send a code to your current address first, then one to the new address.`
            : 'We send a code to the new address.'}
        </p>
        <input
          className="wf-input"
          type="email"
          autoComplete="email"
          placeholder="New email"
          aria-label="New email"
          data-testid="wf-update-email-input"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="wf-button" disabled={busy} data-testid="wf-update-email-submit">
          {busy ? 'Sending…' : 'Send code'}
        </button>
        {alert}
      </form>
      {/* With a second factor on, a new address takes a fresh code of it first: asked below the form. */}
      <FreshFactor />
    </>
  )
}

function label(method: ReauthMethod | undefined): string {
  return method ? socialLabels[method] : 'your login'
}
