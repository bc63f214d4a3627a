// Approve buttons behind the clickjacking guard (useUnobscured): disabled while the browser says the
// frame is covered, faded or transformed by the host page, with a note that says why. They stick to
// the bottom of the card's scroll area: the guard needs them wholly in view, so a long request (a batch
// of calls with their data) must not push them below the fold, where they would read as covered and
// stay disabled until scrolled to.
import { type ReactNode, useRef } from 'react'
import { useUnobscured } from './useUnobscured.js'
import { useViewMessages } from './useViewMessages.js'

export function GuardedActions({ children }: { children: (blocked: boolean) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const visibility = useUnobscured(ref)
  const messages = useViewMessages().review
  return (
    <div ref={ref} className="wf-stack wf-guarded" data-testid="wf-guarded" data-visibility={visibility}>
      {children(visibility === 'obscured' || visibility === 'pending')}
      {visibility === 'obscured' ? (
        <p className="wf-error" role="status" data-testid="wf-obscured">
          {messages.obscured}
        </p>
      ) : null}
    </div>
  )
}
