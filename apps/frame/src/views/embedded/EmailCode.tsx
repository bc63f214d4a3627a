// The code entry of an email login: six digits, a resend once the 30 s cooldown has passed (the
// seconds left shown), and the API's words when a code is refused.
import { useEffect, useState } from 'react'
import { useLocale } from '../../components/useMessages.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import type { EmailStep } from '../../lib/embeddedLogin.js'

export function EmailCode(props: {
  step: Pick<EmailStep, 'email' | 'resendAt'>
  busy: boolean
  /** What the submit button says while the code is checked (the catalog's "Connecting…" by default). */
  busyLabel?: string
  onVerify(otp: string): void
  /** Absent where no new code can be asked for (the email update's second code). */
  onResend?(): void
}) {
  const messages = useViewMessages().login.emailCode
  const locale = useLocale()
  const [otp, setOtp] = useState('')
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  const wait = Math.max(0, Math.ceil((props.step.resendAt - now) / 1000))
  return (
    <form
      className="wf-stack"
      data-testid="wf-email-code"
      onSubmit={(event) => {
        event.preventDefault()
        props.onVerify(otp)
      }}
    >
      <p className="wf-muted">{messages.enter(props.step.email)}</p>
      <input
        className="wf-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        aria-label={messages.code}
        data-testid="wf-email-code-input"
        value={otp}
        onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
      />
      <button
        type="submit"
        className="wf-button"
        disabled={props.busy || otp.length !== 6}
        data-testid="wf-email-code-submit"
      >
        {props.busy ? (props.busyLabel ?? messages.connecting) : messages.continue}
      </button>
      {props.onResend ? (
        <button
          type="button"
          className="wf-button-link"
          disabled={props.busy || wait > 0}
          data-testid="wf-email-resend"
          onClick={() => props.onResend?.()}
        >
          {wait > 0 ? messages.resendIn(new Intl.NumberFormat(locale).format(wait)) : messages.resend}
        </button>
      ) : null}
    </form>
  )
}
