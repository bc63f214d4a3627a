// The recovery password the embedded wallet asks for (the login's `password` state): chosen once to
// protect a new wallet's recovery share, entered again to open the wallet on a new device or host site
// (the API cannot open it).
import { useState } from 'react'
import type { PasswordPrompt, PasswordReason } from '../../lib/embeddedLogin.js'

export function RecoveryPassword(props: {
  reason: PasswordReason
  prompt: Pick<PasswordPrompt, 'submit' | 'decline'>
}) {
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
      <p className="wf-muted">
        {creating
          ? 'Choose a recovery password (8 characters or more). You need it to open this wallet on another device or site; nobody can reset it.'
          : 'Enter your recovery password to open your wallet here.'}
      </p>
      {props.reason === 'create-without-prf' ? (
        <p className="wf-muted" data-testid="wf-recovery-passkey-note">
          This passkey cannot protect your wallet by itself (it has no PRF), so a recovery password is needed
          to open it on another device or site.
        </p>
      ) : props.reason === 'recover-without-prf' ? (
        <p className="wf-muted" data-testid="wf-recovery-passkey-note">
          This passkey cannot open your wallet by itself (it has no PRF, or was not set up to), so your
          recovery password is needed.
        </p>
      ) : null}
      <input
        className="wf-input"
        type="password"
        autoComplete={creating ? 'new-password' : 'current-password'}
        aria-label="Recovery password"
        data-testid="wf-recovery-password-input"
        minLength={8}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="wf-button" data-testid="wf-recovery-password-submit">
        {creating ? 'Create wallet' : 'Open wallet'}
      </button>
      <button type="button" className="wf-button wf-button-secondary" onClick={() => props.prompt.decline()}>
        Cancel
      </button>
    </form>
  )
}
