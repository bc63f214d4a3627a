// An operator's deny list: addresses a project's users must not send to or approve. The file is plain
// text, one entry per line: an EVM address (0x…, any network), a CAIP-10 account (eip155:1:0x…, one
// network; solana:<genesis>:<address>), with `#` starting a comment and blank lines ignored. The API
// reviews against it; the frame holds the same list so that a review that does not arrive in time
// never lets through a request the list would block.

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

/** The addresses among `counterparties` that the list names, for any network or for `network`; each once. */
export function deniedOf(list: DenyList, network: string, counterparties: readonly string[]): string[] {
  return [
    ...new Set(
      counterparties.filter(
        (address) => list.anyNetwork.has(key(address)) || list.byNetwork.has(`${network}:${key(address)}`),
      ),
    ),
  ]
}

/** The one-line reason the review gives for a listed counterparty. */
export const deniedReason = (address: string) =>
  `${address} is on this app's list of addresses you must not send to or approve`
