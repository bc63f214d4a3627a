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
import { useLocale } from '../../components/useMessages.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as UpdateEmail from '../../core/actions/updateEmail.js'
import type { EmailUpdate, EmailUpdateStep, ReauthMethod } from '../../lib/emailUpdate.js'
import { messageOf } from '../../lib/errors.js'
import * as Popup from '../../lib/popup.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import { constant } from '../../lib/store.js'
import { localizeText } from '../../locale/en/errors.js'
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
  const messages = useViewMessages()
  const words = messages.login.updateEmail
  const locale = useLocale()
  /** The provider to sign in with again, by its name, or "your login" in the frame's words. */
  const label = (method: ReauthMethod | undefined) => (method ? socialLabels[method] : words.yourLogin)
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
    const popup = Popup.open(Popup.localized(SocialPopup.path, locale), 'walletframe-login')
    if (!popup) {
      setError(words.blocked(label(method)))
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
      {localizeText(error, messages.errors)}
    </p>
  ) : null

  if (screen.name === 'done')
    return (
      <section className="wf-stack" aria-label={words.doneRegion} data-testid="wf-update-email-done">
        <p>
          {words.nowIs}
          <strong data-testid="wf-update-email-new">{screen.email}</strong>
          {words.staysSame}
        </p>
        <button type="button" className="wf-button" onClick={() => Navigation.back(core)}>
          {words.backToAccount}
        </button>
      </section>
    )

  if (screen.name === 'confirm' || screen.name === 'confirming')
    return (
      <section
        className="wf-stack"
        aria-label={words.confirmWith(label(method))}
        data-testid="wf-update-email-confirm"
        data-state={screen.name}
      >
        <p className="wf-muted">{words.noEmailYet(label(method))}</p>
        {screen.name === 'confirm' ? (
          <button
            type="button"
            className="wf-button"
            disabled={busy}
            data-testid="wf-update-email-confirm-start"
            onClick={method === 'farcaster' ? confirmFarcaster : confirmSocial}
          >
            {words.confirmWith(label(method))}
          </button>
        ) : (
          <>
            {method === 'farcaster' ? (
              farcasterUrl ? (
                <>
                  <QrCode
                    value={farcasterUrl}
                    alt={messages.login.farcaster.qrAlt}
                    testId="wf-update-email-farcaster-qr"
                  />
                  <a
                    className="wf-button wf-button-link"
                    href={farcasterUrl}
                    data-testid="wf-update-email-farcaster-link"
                  >
                    {messages.login.farcaster.open}
                  </a>
                </>
              ) : (
                <p className="wf-muted">{messages.login.farcaster.opening}</p>
              )
            ) : (
              <p className="wf-muted">{words.continueIn(label(method))}</p>
            )}
            {/* The frame cannot tell a closed popup from one a Cross-Origin-Opener-Policy cut off: the user says. */}
            <button
              type="button"
              className="wf-button wf-button-secondary"
              data-testid="wf-update-email-confirm-cancel"
              onClick={cancel}
            >
              {words.cancel}
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
        aria-label={primary ? words.confirmCurrent : words.confirmNew}
        data-testid="wf-update-email-step"
        data-action={step.action}
      >
        <p className="wf-muted">
          {primary
            ? words.step1(step.email)
            : current
              ? words.step2(step.email)
              : words.confirmYours(step.email)}
        </p>
        <EmailCode
          // A new code starts the entry afresh.
          key={`${step.updateId}:${step.action}:${step.resendAt}`}
          step={{ email: step.sentTo, resendAt: step.resendAt }}
          busy={busy}
          busyLabel={words.verifying}
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
            {words.startAgain}
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
        aria-label={current ? words.update : words.add}
        data-testid="wf-update-email"
        onSubmit={(event) => {
          event.preventDefault()
          start.mutate({ address: email.trim(), reauth })
        }}
      >
        <p className="wf-muted">{current ? words.current(current) : words.toNew}</p>
        <input
          className="wf-input"
          type="email"
          autoComplete="email"
          placeholder={words.newEmail}
          aria-label={words.newEmail}
          data-testid="wf-update-email-input"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="wf-button" disabled={busy} data-testid="wf-update-email-submit">
          {busy ? words.sending : words.sendCode}
        </button>
        {alert}
      </form>
      {/* With a second factor on, a new address takes a fresh code of it first: asked below the form. */}
      <FreshFactor />
    </>
  )
}
