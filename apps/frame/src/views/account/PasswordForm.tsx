// A password the user types for the Worker to seal something under (a recovery password added, a
// recovery kit made): the field, the error in the user's words, the submit that shows the work under
// way, and a way out.
import { useState } from 'react'
import { useViewMessages } from '../../components/useViewMessages.js'
import { messageOf } from '../../lib/errors.js'
import { localizeText } from '../../locale/en/errors.js'

export function PasswordForm(props: {
  /** The form's test id, where the tests find the form itself. */
  testId?: string
  /** The test ids of the field, the error and the submit. */
  testIds: { input: string; error: string; submit: string }
  /** The field's accessible name. */
  label: string
  /** A password the user makes here ('new-password') or types again ('current-password'). */
  autoComplete: 'new-password' | 'current-password'
  words: { submit: string; pending: string; cancel: string }
  intro?: string
  pending: boolean
  /** The last attempt's failure, shown until the next one. */
  error: unknown
  onSubmit(password: string): void
  onCancel(): void
}) {
  const messages = useViewMessages()
  const [password, setPassword] = useState('')
  const { testIds, words } = props
  return (
    <form
      className="wf-stack"
      data-testid={props.testId}
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit(password)
      }}
    >
      {props.intro ? <p className="wf-muted">{props.intro}</p> : null}
      <input
        className="wf-input"
        type="password"
        autoComplete={props.autoComplete}
        aria-label={props.label}
        data-testid={testIds.input}
        minLength={8}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {props.error ? (
        <span role="alert" data-testid={testIds.error}>
          {localizeText(messageOf(props.error), messages.errors)}
        </span>
      ) : null}
      <button
        type="submit"
        className="wf-button"
        data-testid={testIds.submit}
        disabled={props.pending}
        aria-busy={props.pending}
      >
        {props.pending ? words.pending : words.submit}
      </button>
      <button type="button" className="wf-button wf-button-secondary" onClick={props.onCancel}>
        {words.cancel}
      </button>
    </form>
  )
}
