// The recovery password the embedded wallet asks for (the login's `password` state): chosen once to
// protect a new wallet's recovery share, entered again to open the wallet on a new device or host site
// (the API cannot open it).
import { useState } from 'react'
import { useViewMessages } from '../../components/useViewMessages.js'
import type { PasswordPrompt, PasswordReason } from '../../lib/embeddedLogin.js'

export function RecoveryPassword(props: {
  reason: PasswordReason
  prompt: Pick<PasswordPrompt, 'submit' | 'decline'>
}) {
  const messages = useViewMessages().login.recoveryPassword
  const [password, setPassword] = useState('')
  const creating = props.reason === 'create' || props.reason === 'create-without-prf'
  return (
    <form
      className="wf-stack"
      data-testid="wf-recovery-password"
      onSubmit={(event) => {
        event.preventDefault()
        props.prompt.submit(password)
      }}
    >
      <p className="wf-muted">{creating ? messages.choose : messages.enter}</p>
      {props.reason === 'create-without-prf' ? (
        <p className="wf-muted" data-testid="wf-recovery-passkey-note">
          {messages.createWithoutPrf}
        </p>
      ) : props.reason === 'recover-without-prf' ? (
        <p className="wf-muted" data-testid="wf-recovery-passkey-note">
          {messages.recoverWithoutPrf}
        </p>
      ) : null}
      <input
        className="wf-input"
        type="password"
        autoComplete={creating ? 'new-password' : 'current-password'}
        aria-label={messages.label}
        data-testid="wf-recovery-password-input"
        minLength={8}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="wf-button" data-testid="wf-recovery-password-submit">
        {creating ? messages.create : messages.open}
      </button>
      <button type="button" className="wf-button wf-button-secondary" onClick={() => props.prompt.decline()}>
        {messages.cancel}
      </button>
    </form>
  )
}
