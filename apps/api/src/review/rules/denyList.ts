// The operator's deny list: addresses a project's users must not send to or approve. The file is plain
// text, one entry per line: an EVM address (0x…, any network), a CAIP-10 account (eip155:1:0x…, one
// network; solana:<genesis>:<address>), with `#` starting a comment and blank lines ignored.
import type { Finding } from '../Finding.js'

export type DenyList = { anyNetwork: Set<string>; byNetwork: Set<string> }

export class DenyListError extends Error {
  override name = 'DenyListError'
  readonly code = 'INVALID_DENY_LIST'
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Deny list line ${line}: ${message}`)
  }
}

const evmAddress = /^0x[0-9a-fA-F]{40}$/
const caip10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/** EVM addresses compare without case; others as written. */
const key = (address: string) => (evmAddress.test(address) ? address.toLowerCase() : address)

export function parseDenyList(text: string): DenyList {
  const list: DenyList = { anyNetwork: new Set(), byNetwork: new Set() }
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const entry = raw.replace(/#.*/, '').trim()
    if (!entry) continue
    if (evmAddress.test(entry)) list.anyNetwork.add(key(entry))
    else {
      const match = caip10.exec(entry)
      if (!match)
        throw new DenyListError(index + 1, `"${entry}" is neither an EVM address nor a CAIP-10 account`)
      list.byNetwork.add(`${match[1]}:${match[2]}:${key(match[3] as string)}`)
    }
  }
  return list
}

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
  const denied = new Set(
    counterparties.filter(
      (address) => list.anyNetwork.has(key(address)) || list.byNetwork.has(`${network}:${key(address)}`),
    ),
  )
  return [...denied].map((address) => ({
    rule: 'deny-listed',
    reason: `${address} is on this app's list of addresses you must not send to or approve`,
  }))
}
