// The review's deny-list rule: a counterparty on the operator's list (its format: @walletframe/protocol
// denyList.ts), parsed once per list text.
import { type DenyList, deniedOf, deniedReason, parseDenyList } from '@walletframe/protocol'
import type { Finding } from '../Finding.js'

/** Parsed lists by their text, the most recently used last: a project's list is parsed once, not per review. */
const parsed = new Map<string, DenyList>()
const parsedLimit = 16

/** `parseDenyList`, remembered for the last few texts (a list of a megabyte takes milliseconds to parse). */
export function denyListOf(text: string): DenyList {
  let list = parsed.get(text)
  if (list) parsed.delete(text)
  else list = parseDenyList(text)
  parsed.set(text, list)
  if (parsed.size > parsedLimit) parsed.delete(parsed.keys().next().value as string)
  return list
}

/** The counterparties of a request (recipients, spenders, call targets) that are on the list. */
export function denyListFindings(
  list: DenyList,
  network: string,
  counterparties: readonly string[],
): Finding[] {
  return deniedOf(list, network, counterparties).map((address) => ({
    rule: 'deny-listed',
    reason: deniedReason(address),
  }))
}
