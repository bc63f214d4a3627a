// What the account, send, swap, on-ramp and name flows report when something goes wrong or is done,
// in English: the flows' own tables (core/, queries/), which their code and tests use, gathered under
// the catalog's keys.
import { nameRuleMessage } from '@walletframe/protocol'
import { accountMessages } from '../../core/accountMessages.js'
import { nameMessages } from '../../core/nameMessages.js'
import { onrampMessages } from '../../core/onrampMessages.js'
import { swapMessages } from '../../core/swapMessages.js'
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
  nameRule: nameRuleMessage,
  swapInitialize: failures.initialize,
  swapAllowance: failures.allowance,
  swapApproval: failures.approval,
  swapTransaction: failures.transaction,
}

export const errors: Words<typeof gathered> = gathered
