// The second factor's code the embedded wallet asks for as it opens, when the user turned on an
// authenticator app (the API releases the wallet's auth share only after it), or afresh for a sensitive
// action (the API signs the Worker's pass only after it). A recovery code works too (once each); for an
// action, a user with a passkey may use it instead ("Use passkey": the browser's dialog follows). A user
// whose only factor is a passkey is asked for the passkey alone: no code field, no authenticator app.

import { useState } from 'react'
import { useViewMessages } from '../../components/useViewMessages.js'
import { type CodePrompt, type CodeQuestion, passkeyAnswer } from '../../lib/embeddedLogin.js'

export function SecondFactorCode(props: {
  question: CodeQuestion
  prompt: Pick<CodePrompt, 'submit' | 'decline'>
}) {
  const messages = useViewMessages().login.secondFactor
  const [code, setCode] = useState('')
  const purpose = messages.purposes[props.question.action ?? 'open']
  // A passkey as the only factor: nothing to type, so no code field and no word of an authenticator app.
  if (props.question.passkeyOnly)
    return (
      <section className="wf-stack" data-testid="wf-totp-prompt" aria-label={messages.region}>
        <p className="wf-muted">{messages.passkeyOnly(purpose)}</p>
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
          {messages.usePasskey}
        </button>
        <button
          type="button"
          className="wf-button wf-button-secondary"
          onClick={() => props.prompt.decline()}
        >
          {messages.cancel}
        </button>
      </section>
    )
  return (
    <form
      className="wf-stack"
      data-testid="wf-totp-prompt"
      aria-label={messages.region}
      onSubmit={(event) => {
        event.preventDefault()
        props.prompt.submit(code)
        setCode('')
      }}
    >
      <p className="wf-muted">
        {props.question.passkey ? messages.enterOrPasskey(purpose) : messages.enter(purpose)}
      </p>
      {props.question.error ? (
        <p className="wf-error" role="alert" data-testid="wf-totp-prompt-error">
          {props.question.error}
        </p>
      ) : null}
      <input
        className="wf-input"
        autoComplete="one-time-code"
        aria-label={messages.code}
        data-testid="wf-totp-prompt-input"
        required
        // Six digits, or a recovery code (xxxxx-xxxxx).
        pattern="\s*(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})\s*"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="wf-button" data-testid="wf-totp-prompt-submit">
        {messages.verify}
      </button>
      {props.question.passkey ? (
        <button
          type="button"
          className="wf-button wf-button-secondary"
          data-testid="wf-totp-prompt-passkey"
          onClick={() => props.prompt.submit(passkeyAnswer)}
        >
          {messages.usePasskey}
        </button>
      ) : null}
      <button type="button" className="wf-button wf-button-secondary" onClick={() => props.prompt.decline()}>
        {messages.cancel}
      </button>
    </form>
  )
}
