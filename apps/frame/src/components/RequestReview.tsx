// The review before signing, as the approval shows it: what the request would change (from the
// simulation), what the project's rules found and their verdict, and the "I understand the risk" tick
// a warning asks for. While the review runs, one muted line stands where it will be; a simulation
// that could not run, or a review that did not arrive, says so — never "no changes".

import { deniedReason, type ReviewVerdict } from '@walletframe/protocol'
import type * as Review from '../core/review.js'
import { type Changes, changesOf, feeOf, type Line, unlimited } from '../core/reviewChanges.js'
import { review as english } from '../locale/en/review.js'
import { ReviewRow, ReviewRows } from './ReviewRows.js'

/** The review's words in one language. */
export type ReviewMessages = typeof english

function lineText(line: Line, messages: ReviewMessages): string {
  switch (line.kind) {
    case 'approval':
      return line.allowance === unlimited
        ? messages.unlimitedApproval(line.spender, line.asset)
        : messages.approval(line.spender, line.allowance, line.asset)
    case 'revoke':
      return messages.revoke(line.spender, line.asset)
    default:
      return `${line.amount} ${line.asset}`
  }
}

function ChangesList({ changes, messages }: { changes: Changes; messages: ReviewMessages }) {
  if (changes.kind === 'unsimulated')
    return (
      <p className="wf-error" data-testid="wf-review-error">
        {messages.couldNotSimulate(changes.reason)}
      </p>
    )
  if (changes.kind === 'fails')
    return (
      <p className="wf-error" data-testid="wf-review-fails">
        {changes.call === undefined
          ? messages.fails(changes.reason)
          : messages.failsAtCall(String(changes.call + 1), changes.reason)}
      </p>
    )
  if (changes.lines.length === 0)
    return (
      <p className="wf-muted" data-testid="wf-review-no-changes">
        {messages.noChanges}
      </p>
    )
  return (
    <ul className="wf-plain-list wf-stack" data-testid="wf-review-changes">
      {changes.lines.map((line, index) => (
        <li
          // The lines have no identity of their own; their order is the simulation's.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          style={{ overflowWrap: 'anywhere' }}
        >
          <span
            data-testid="wf-review-change"
            data-kind={line.kind}
            data-allowance={line.kind === 'approval' ? line.allowance : undefined}
          >
            {lineText(line, messages)}
          </span>
          {(line.kind === 'in' || line.kind === 'out') && line.usd ? (
            <span className="wf-muted" data-testid="wf-review-usd">
              {' '}
              ({line.usd})
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** The verdict's heading and each finding's one-line reason. */
function Verdict({ level, findings, messages }: ReviewVerdict & { messages: ReviewMessages }) {
  return (
    <>
      <p
        className={level === 'none' ? 'wf-muted' : 'wf-error'}
        data-testid="wf-review-verdict"
        data-level={level}
        role={level === 'none' ? undefined : 'alert'}
      >
        {messages.verdict[level]}
      </p>
      {findings.length > 0 ? (
        <ul className="wf-plain-list wf-stack">
          {findings.map((finding) => (
            <li
              key={`${finding.rule}:${finding.reason}`}
              data-testid="wf-review-finding"
              data-rule={finding.rule}
              style={{ overflowWrap: 'anywhere' }}
            >
              {finding.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

export function RequestReview(props: {
  state: Review.State
  /** The account whose balances the changes are. */
  from: string | undefined
  /** The app's paymaster pays the fee: the review's estimate is not the user's to pay. */
  sponsored?: boolean | undefined
  /** Whether the user ticked "I understand the risk" (a warning's). */
  confirmed: boolean
  onConfirm(confirmed: boolean): void
  /** The words, in the frame's language; English where no catalog is at hand (the approval window). */
  messages?: ReviewMessages | undefined
}) {
  const { state } = props
  const messages = props.messages ?? english
  if (state.status === 'none') return null
  if (state.status === 'checking')
    return (
      <p className="wf-muted" data-testid="wf-review" data-status="checking" role="status">
        {messages.checking}
      </p>
    )
  if (state.status === 'unavailable')
    return (
      <section
        className="wf-stack"
        data-testid="wf-review"
        data-status="unavailable"
        aria-label={messages.label}
      >
        <p className="wf-error" data-testid="wf-review-error">
          {messages.couldNotSimulate(state.reason)}
        </p>
        {state.denied.length > 0 ? (
          // The frame's own check of the project's deny list: blocked without the API's review.
          <Verdict
            level="blocked"
            findings={state.denied.map((address) => ({ rule: 'deny-listed', reason: deniedReason(address) }))}
            messages={messages}
          />
        ) : (
          <p className="wf-muted" data-testid="wf-review-unavailable">
            {messages.unavailable}
          </p>
        )}
      </section>
    )
  const { review } = state
  const changes = changesOf(review, props.from ?? '')
  const fee = props.sponsored ? undefined : feeOf(review)
  const { level, findings } = review.verdict
  return (
    <section className="wf-stack" data-testid="wf-review" data-status="reviewed" aria-label={messages.label}>
      {changes ? <ChangesList changes={changes} messages={messages} /> : null}
      {fee ? (
        <ReviewRows>
          <ReviewRow label={messages.fee}>
            <span data-testid="wf-review-fee">{fee.amount}</span>
            {fee.usd ? <span data-testid="wf-review-fee-usd"> ({fee.usd})</span> : null}
          </ReviewRow>
        </ReviewRows>
      ) : null}
      {review.authorises?.length ? (
        <div data-testid="wf-review-authorises">
          <p>{messages.authorises}</p>
          <ul className="wf-plain-list wf-stack">
            {review.authorises.map((line, index) => (
              // The lines have no identity of their own; their order is the API's.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} data-testid="wf-review-authorised" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Verdict level={level} findings={findings} messages={messages} />
      {level === 'warning' ? (
        <label data-testid="wf-review-confirm">
          <input
            type="checkbox"
            checked={props.confirmed}
            onChange={(event) => props.onConfirm(event.target.checked)}
          />{' '}
          {messages.understand}
        </label>
      ) : null}
    </section>
  )
}
