// What a request asks, its heading and field by field, as the embedded wallet shows it before the user
// approves: in the modal (ApproveTransaction, ReviewRequest) and in the approval window (pages/ApprovalPage).
// Its test ids name the fields in English, whatever the language.
import type { Field } from '../core/approvalSummary.js'
import type { ReviewMessages } from './RequestReview.js'
import { ReviewRow, ReviewRows } from './ReviewRows.js'

/** What a request asks, in plain words of the frame's language: its method's, else as summarized. */
export function actionOf(summarized: string, method: string, messages: ReviewMessages): string {
  return Object.hasOwn(messages.actions, method)
    ? messages.actions[method as keyof ReviewMessages['actions']]
    : summarized
}

/** A field's label in the frame's language; English (as summarized) where no catalog is at hand. */
function labelOf(field: Field, words: ReviewMessages['fields'] | undefined): string {
  if (!words || !field.name) return field.label
  const label = field.name === 'permission' ? words.permission(String(field.number ?? '')) : words[field.name]
  return field.call === undefined ? label : words.call(String(field.call), label)
}

export function ApprovalFields({
  fields,
  words,
}: {
  fields: readonly Field[]
  words?: ReviewMessages['fields']
}) {
  return (
    <ReviewRows>
      {fields.map((field) => (
        <ReviewRow
          key={field.label}
          label={labelOf(field, words)}
          testId={`wf-approve-${field.label.toLowerCase().replaceAll(' ', '-')}`}
          long
        >
          {words && field.word ? words.values[field.word] : field.value}
        </ReviewRow>
      ))}
    </ReviewRows>
  )
}
