// What a request asks, field by field, as the embedded wallet shows it before the user approves: in
// the modal (ApproveTransaction) and in the approval window (pages/ApprovalPage).
import type { Field } from '../core/approvalSummary.js'
import { ReviewRow, ReviewRows } from './ReviewRows.js'

export function ApprovalFields({ fields }: { fields: readonly Field[] }) {
  return (
    <ReviewRows>
      {fields.map((field) => (
        <ReviewRow
          key={field.label}
          label={field.label}
          testId={`wf-approve-${field.label.toLowerCase().replaceAll(' ', '-')}`}
          long
        >
          {field.value}
        </ReviewRow>
      ))}
    </ReviewRows>
  )
}
