// The amount the send, swap and buy forms ask for: a decimal text field labelled "Amount", its value
// the text as typed (each form parses it).
import { useViewMessages } from './useViewMessages.js'

export function AmountField(props: {
  /** The input's data-testid. */
  testId: string
  value: string
  placeholder: string
  disabled?: boolean
  onChange(value: string): void
}) {
  return (
    <label className="wf-field">
      <span>{useViewMessages().funds.amount}</span>
      <input
        className="wf-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={props.placeholder}
        data-testid={props.testId}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  )
}
