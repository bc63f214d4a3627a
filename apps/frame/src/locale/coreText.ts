// The frame's flows (core/, queries/) report in English words they keep in one table each; a view
// shows such a text in its language by finding which message it is. Any other text (a wallet's or a
// server's own error) is shown as it came.

import { errors as english } from './en/errors.js'
import type { ViewMessages } from './en/views.js'

type Errors = ViewMessages['errors']
type TextKey = { [Key in keyof Errors]: Errors[Key] extends string ? Key : never }[keyof Errors]

const keyOf = new Map<string, TextKey>()
for (const [key, text] of Object.entries(english))
  if (typeof text === 'string' && !keyOf.has(text)) keyOf.set(text, key as TextKey)

/** `text` in the catalog's words when it is one the flows report, else as it is. */
export function localizeText(text: string, errors: Errors): string {
  const key = keyOf.get(text)
  return key === undefined ? text : errors[key]
}
