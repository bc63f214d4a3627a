// UpdateEmailWallet: an email login changes the account's address (SPEC §4 email update). The new
// address; a code from the mailbox linked now (VERIFY_PRIMARY_OTP); a code from the new one
// (VERIFY_SECONDARY_OTP); done. The wallet and its address stay; the host's state shows the new
// address. The steps run in core/actions/updateEmail.ts; errors are shown in the API's words.
import { useRef, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useStore } from '../../components/useStore.js'
import * as Navigation from '../../core/actions/navigation.js'
import * as UpdateEmail from '../../core/actions/updateEmail.js'
import type { EmailUpdateStep } from '../../lib/emailUpdate.js'
import { messageOf } from '../../lib/errors.js'
import { EmailCode } from './EmailCode.js'

type Screen = { name: 'email' } | { name: 'code'; step: EmailUpdateStep } | { name: 'done'; email: string }

export function UpdateEmailWallet() {
  const frame = useFrame()
  const { core } = frame
  const connection = useStore(core.connection)
  const current = connection.connector?.embeddedWalletInfo?.user.email
  const deps = useRef<UpdateEmail.Deps>({
    core,
    emailUpdate: async () => (await frame.embedded()).emailUpdate,
  }).current
  const [screen, setScreen] = useState<Screen>({ name: 'email' })
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  /** Runs a step, showing its error in the API's words. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }
  const start = (address: string) =>
    run(async () => setScreen({ name: 'code', step: await UpdateEmail.start(deps, address) }))

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
            : `Step 2 of 2: confirm that ${step.email} is yours.`}
        </p>
        <EmailCode
          // A new code starts the entry afresh.
          key={`${step.updateId}:${step.action}:${step.resendAt}`}
          step={{ email: step.sentTo, resendAt: step.resendAt }}
          busy={busy}
          busyLabel="Verifying…"
          onVerify={(otp) =>
            void run(async () => {
              const next = await UpdateEmail.verify(deps, step, otp)
              setScreen(
                next.action === 'DONE' ? { name: 'done', email: next.email } : { name: 'code', step: next },
              )
            })
          }
          // The API has no resend for an update: a new start mails a new first code (cooldown applies).
          {...(primary ? { onResend: () => void start(step.email) } : {})}
        />
        {primary ? null : (
          <button
            type="button"
            className="wf-button-link"
            disabled={busy}
            data-testid="wf-update-email-restart"
            onClick={() => {
              setError(undefined)
              setScreen({ name: 'email' })
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
    <form
      className="wf-stack"
      aria-label="Update email"
      data-testid="wf-update-email"
      onSubmit={(event) => {
        event.preventDefault()
        void start(email.trim())
      }}
    >
      <p className="wf-muted">
        {current ? `Your account's email is ${current}. ` : ''}We send a code to your current address first,
        then one to the new address.
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
  )
}
