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
  /** Keeps the value's line breaks (a message, calldata). */
  preformatted?: boolean
}) {
  return (
    <div className="wf-review-row">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId} className={props.preformatted ? 'wf-review-pre' : undefined}>
        {props.children}
      </dd>
    </div>
  )
}
