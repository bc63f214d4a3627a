// The rows of a review (a swap's details, a send's fee, what an approval asks): each a label and its
// value on one line, the labels in one column and the values in another, so that every screen that
// asks the user to check figures lines them up the same way.
import type { ReactNode } from 'react'

export function ReviewRows(props: { children: ReactNode; testId?: string }) {
  return (
    <dl className="wf-review-rows" data-testid={props.testId}>
      {props.children}
    </dl>
  )
}

export function ReviewRow(props: {
  label: ReactNode
  children: ReactNode
  /** The value's test id. */
  testId?: string | undefined
  /** A long value (an address, a message, calldata): it wraps, keeping its line breaks. */
  long?: boolean
}) {
  return (
    <div className={props.long ? 'wf-review-row wf-review-row-long' : 'wf-review-row'}>
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  )
}
