// The session namespaces the test wallet approves: its EVM account on every eip155 chain, its
// Solana account on every solana chain and its Bitcoin account on every bip122 chain it knows of
// that the dapp asked for (required or optional), with the methods and events the wallet answers
// for each.
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { Address } from 'viem'

/** eip155 methods the wallet answers (the name predates Solana support). */
export const methods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_accounts',
  'eth_chainId',
] as const

/** eip155 events the wallet emits. */
export const events = ['accountsChanged', 'chainChanged'] as const

/** Solana methods of the WalletConnect Solana RPC reference the wallet answers. */
export const solanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

/** Solana sessions carry no events (the WalletConnect Solana reference defines none). */
export const solanaEvents = [] as const

/** Bitcoin methods of the WalletConnect Bitcoin RPC reference the wallet answers. */
export const bitcoinMethods = ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'] as const

/** The wallet emits no Bitcoin events (its one address per network never changes). */
export const bitcoinEvents = [] as const

/** The chain families (CAIP-2 namespaces) the wallet has accounts for. */
export type Family = 'eip155' | 'solana' | 'bip122'

const families = ['eip155', 'solana', 'bip122'] as const

const supported: Record<Family, { methods: readonly string[]; events: readonly string[] }> = {
  eip155: { methods, events },
  solana: { methods: solanaMethods, events: solanaEvents },
  bip122: { methods: bitcoinMethods, events: bitcoinEvents },
}

/**
 * The wallet's addresses per family (EVM: one or several; Bitcoin: one per network, its address
 * format being the network's, by CAIP-2 id); a family without one is not approved.
 */
export type Accounts = {
  eip155?: Address | readonly Address[]
  solana?: string
  bip122?: Readonly<Record<string, string>>
}

/** The addresses of `family` the wallet has on `chain`. */
function addressesOn(accounts: Accounts, family: Family, chain: string): readonly string[] {
  if (family === 'bip122') {
    const address = accounts.bip122?.[chain]
    return address ? [address] : []
  }
  const owned = accounts[family]
  return owned === undefined ? [] : typeof owned === 'string' ? [owned] : owned
}

/** The proposal asks for no chain the wallet has, or requires a namespace this wallet does not have. */
export class UnsupportedProposalError extends Error {
  override name = 'UnsupportedProposalError'
  readonly code = 'UNSUPPORTED_PROPOSAL'
}

/** CAIP-2 chain ids of `family` (default eip155) a proposal asks for, required first, without duplicates. */
export function requestedChains(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  family: Family = 'eip155',
): string[] {
  const chains = new Set<string>()
  for (const namespaces of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, namespace] of Object.entries(namespaces ?? {})) {
      // A namespace is keyed either "eip155" (chains listed) or "eip155:1" (the chain itself).
      if (key.startsWith(`${family}:`)) chains.add(key)
      else if (key === family) for (const chain of namespace.chains ?? []) chains.add(chain)
    }
  }
  return [...chains]
}

/**
 * Namespaces approving the wallet's accounts on the requested chains with every method and event
 * the wallet supports — like real wallets, not just the intersection with what the dapp listed,
 * so a dapp may call e.g. eth_chainId later. Throws UnsupportedProposalError when a required
 * namespace asks for a chain family, method or event the wallet does not have, or when the
 * proposal names no chain the wallet has an account for.
 */
export function fromProposal(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  accounts: Accounts,
  /** The chains the wallet approves at most (every requested one when absent). */
  only?: readonly string[],
  /** The methods the wallet approves per family, of those it answers (all of them when absent). */
  methods?: Partial<Record<Family, readonly string[]>>,
): SessionTypes.Namespaces {
  const approved = (family: Family) =>
    supported[family].methods.filter((method) => methods?.[family]?.includes(method) ?? true)
  for (const [key, namespace] of Object.entries(proposal.requiredNamespaces ?? {})) {
    const family = familyOf(key)
    if (!family || !accounts[family]) {
      throw new UnsupportedProposalError(`The test wallet has no ${key.split(':')[0]} accounts`)
    }
    const missing = [
      ...namespace.methods.filter((method) => !approved(family).includes(method)),
      ...namespace.events.filter((event) => !supported[family].events.includes(event)),
    ]
    if (missing.length > 0)
      throw new UnsupportedProposalError(`The test wallet does not support ${missing.join(', ')}`)
  }
  const namespaces: SessionTypes.Namespaces = {}
  for (const family of families) {
    const chains = requestedChains(proposal, family).filter(
      (chain) => (!only || only.includes(chain)) && addressesOn(accounts, family, chain).length > 0,
    )
    if (chains.length === 0) continue
    namespaces[family] = {
      chains,
      accounts: chains.flatMap((chain) =>
        addressesOn(accounts, family, chain).map((address) => `${chain}:${address}`),
      ),
      methods: approved(family),
      events: [...supported[family].events],
    }
  }
  if (Object.keys(namespaces).length === 0)
    throw new UnsupportedProposalError(
      'The proposal requests no eip155, solana or bip122 chain the wallet has',
    )
  return namespaces
}

/** `namespaces` with `chain` (and the accounts on it) added to the eip155 namespace. */
export function withChain(
  namespaces: SessionTypes.Namespaces,
  chain: string,
  addresses: readonly Address[],
): SessionTypes.Namespaces {
  const eip155 = namespaces.eip155 ?? { accounts: [], methods: [...methods], events: [...events] }
  const chains = eip155.chains ?? [
    ...new Set(eip155.accounts.map((account) => account.split(':').slice(0, 2).join(':'))),
  ]
  return {
    ...namespaces,
    eip155: {
      ...eip155,
      chains: chains.includes(chain) ? chains : [...chains, chain],
      accounts: [
        ...eip155.accounts,
        ...addresses
          .map((address) => `${chain}:${address}`)
          .filter((account) => !eip155.accounts.includes(account)),
      ],
    },
  }
}

/** CAIP-2 chains a session's `family` namespace (default eip155, the active-chain family) covers. */
export function sessionChains(namespaces: SessionTypes.Namespaces, family: Family = 'eip155'): string[] {
  const namespace = namespaces[family]
  if (!namespace) return []
  return [
    ...new Set([
      ...(namespace.chains ?? []),
      ...namespace.accounts.map((account) => account.split(':').slice(0, 2).join(':')),
    ]),
  ]
}

/** The family a namespace key ("solana" or "solana:<ref>") or CAIP-2 id belongs to, if the wallet has it. */
export function familyOf(keyOrChain: string): Family | undefined {
  const prefix = keyOrChain.split(':')[0]
  return families.find((family) => family === prefix)
}
