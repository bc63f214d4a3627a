// What the account, send, swap, on-ramp, name and login flows report when something goes wrong or is done,
// in English: the flows' own tables (core/, queries/), which their code and tests use, gathered under
// the catalog's keys. A view shows such a text in its language by finding which message it is
// (`localizeText`); any other text (a wallet's or a server's own error) is shown as it came.
import { nameRuleMessage } from '@walletframe/protocol'
import { accountMessages } from '../../core/accountMessages.js'
import { nameMessages } from '../../core/nameMessages.js'
import { onrampMessages } from '../../core/onrampMessages.js'
import { swapMessages } from '../../core/swapMessages.js'
import { loginMessages } from '../../lib/loginMessages.js'
import { failures } from '../../queries/swapFailures.js'

/** A table's messages as any language writes them: its texts as strings, its functions as they are. */
type Words<T> = { readonly [Key in keyof T]: T[Key] extends string ? string : T[Key] }

/** The return page's message type is a protocol name, no words. */
const { returnMessageType: _, ...onramp } = onrampMessages

const gathered = {
  ...accountMessages,
  ...swapMessages,
  ...onramp,
  ...nameMessages,
  ...loginMessages,
  nameRule: nameRuleMessage,
  swapInitialize: failures.initialize,
  swapAllowance: failures.allowance,
  swapApproval: failures.approval,
  swapTransaction: failures.transaction,
}

export const errors: Words<typeof gathered> = gathered

type Texts = typeof errors
type TextKey = { [Key in keyof Texts]: Texts[Key] extends string ? Key : never }[keyof Texts]

const keyOf = new Map<string, TextKey>()
for (const [key, text] of Object.entries(errors))
  if (typeof text === 'string' && !keyOf.has(text)) keyOf.set(text, key as TextKey)

/** `text` in `catalog`'s words when it is one the flows report, else as it is. */
export function localizeText(text: string, catalog: Texts): string {
  const key = keyOf.get(text)
  return key === undefined ? text : catalog[key]
}
