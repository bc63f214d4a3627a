// What a request asks, field by field, as the embedded wallet shows it before the user approves: in
// the modal (ApproveTransaction) and in the approval window (pages/ApprovalPage).
import type { Field } from '../core/approvalSummary.js'

export function ApprovalFields({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className="wf-stack">
      {fields.map((field) => (
        <div key={field.label}>
          <dt className="wf-muted">{field.label}</dt>
          <dd
            data-testid={`wf-approve-${field.label.toLowerCase().replaceAll(' ', '-')}`}
            style={{ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {field.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
