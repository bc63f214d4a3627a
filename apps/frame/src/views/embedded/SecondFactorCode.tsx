// The second factor's code the embedded wallet asks for as it opens, when the user turned on an
// authenticator app (the API releases the wallet's auth share only after it), or afresh for a sensitive
// action (the API signs the Worker's pass only after it). A recovery code works too (once each); for an
// action, a user with a passkey may use it instead ("Use passkey": the browser's dialog follows). A user
// whose only factor is a passkey is asked for the passkey alone: no code field, no authenticator app.

import type { SensitiveAction } from '@walletframe/protocol'
import { useState } from 'react'
import { type CodePrompt, type CodeQuestion, passkeyAnswer } from '../../lib/embeddedLogin.js'

/** What the code is for, as the form says it. */
const purposes: Record<SensitiveAction, string> = {
  export: 'to show your recovery phrase',
  'recovery-kit': 'to make your recovery kit',
  'login-method': 'to change how you log in',
  send: 'to approve this send',
}

export function SecondFactorCode(props: {
  question: CodeQuestion
  prompt: Pick<CodePrompt, 'submit' | 'decline'>
}) {
  const [code, setCode] = useState('')
  const purpose = props.question.action ? purposes[props.question.action] : 'to open your wallet'
  // A passkey as the only factor: nothing to type, so no code field and no word of an authenticator app.
  if (props.question.passkeyOnly)
    return (
      <section className="wf-stack" data-testid="wf-totp-prompt" aria-label="Two-factor authentication">
        <p className="wf-muted">Confirm with your passkey {purpose}.</p>
        {props.question.error ? (
          <p className="wf-error" role="alert" data-testid="wf-totp-prompt-error">
            {props.question.error}
          </p>
        ) : null}
        <button
          type="button"
          className="wf-button"
          data-testid="wf-totp-prompt-passkey"
          onClick={() => props.prompt.submit(passkeyAnswer)}
        >
          Use passkey
        </button>
        <button
          type="button"
          className="wf-button wf-button-secondary"
          onClick={() => props.prompt.decline()}
        >
          Cancel
        </button>
      </section>
    )
  return (
    <form
      className="wf-stack"
      data-testid="wf-totp-prompt"
      aria-label="Two-factor authentication"
      onSubmit={(event) => {
        event.preventDefault()
        props.prompt.submit(code)
        setCode('')
      }}
    >
      <p className="wf-muted">
        Enter the 6-digit code of your authenticator app {purpose}, or one of your recovery codes
        {props.question.passkey ? ', or use your passkey' : ''}.
      </p>
      {props.question.error ? (
        <p className="wf-error" role="alert" data-testid="wf-totp-prompt-error">
          {props.question.error}
        </p>
      ) : null}
      <input
        className="wf-input"
        autoComplete="one-time-code"
        aria-label="Authentication code"
        data-testid="wf-totp-prompt-input"
        required
        // Six digits, or a recovery code (xxxxx-xxxxx).
        pattern="\s*(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})\s*"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="wf-button" data-testid="wf-totp-prompt-submit">
        Verify
      </button>
      {props.question.passkey ? (
        <button
          type="button"
          className="wf-button wf-button-secondary"
          data-testid="wf-totp-prompt-passkey"
          onClick={() => props.prompt.submit(passkeyAnswer)}
        >
          Use passkey
        </button>
      ) : null}
      <button type="button" className="wf-button wf-button-secondary" onClick={() => props.prompt.decline()}>
        Cancel
      </button>
    </form>
  )
}
