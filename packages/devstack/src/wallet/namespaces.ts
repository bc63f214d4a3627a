// The session namespaces the test wallet approves: its one EVM account on every eip155 chain
// the dapp asked for (required or optional), with the methods and events the wallet answers.
import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { Address } from 'viem'

export const methods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_accounts',
  'eth_chainId',
] as const

export const events = ['accountsChanged', 'chainChanged'] as const

/** The proposal asks for no eip155 chain, or requires a namespace this wallet does not have. */
export class UnsupportedProposalError extends Error {
  override name = 'UnsupportedProposalError'
  readonly code = 'UNSUPPORTED_PROPOSAL'
}

/** CAIP-2 eip155 chain ids a proposal asks for, required first, without duplicates. */
export function requestedChains(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
): string[] {
  const chains = new Set<string>()
  for (const namespaces of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, namespace] of Object.entries(namespaces ?? {})) {
      // A namespace is keyed either "eip155" (chains listed) or "eip155:1" (the chain itself).
      if (key.startsWith('eip155:')) chains.add(key)
      else if (key === 'eip155') for (const chain of namespace.chains ?? []) chains.add(chain)
    }
  }
  return [...chains]
}

/**
 * Namespaces approving `address` on the requested chains with every method and event the
 * wallet supports — like real wallets, not just the intersection with what the dapp listed,
 * so a dapp may call e.g. eth_chainId later. Throws UnsupportedProposalError when a required
 * namespace asks for a chain family, method or event the wallet does not have.
 */
export function fromProposal(
  proposal: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>,
  address: Address,
): SessionTypes.Namespaces {
  for (const [key, namespace] of Object.entries(proposal.requiredNamespaces ?? {})) {
    if (key !== 'eip155' && !key.startsWith('eip155:')) {
      throw new UnsupportedProposalError(`The test wallet has no ${key} accounts`)
    }
    const missing = [
      ...namespace.methods.filter((method) => !(methods as readonly string[]).includes(method)),
      ...namespace.events.filter((event) => !(events as readonly string[]).includes(event)),
    ]
    if (missing.length > 0)
      throw new UnsupportedProposalError(`The test wallet does not support ${missing.join(', ')}`)
  }
  const chains = requestedChains(proposal)
  if (chains.length === 0) throw new UnsupportedProposalError('The proposal requests no eip155 chain')
  return {
    eip155: {
      chains,
      accounts: chains.map((chain) => `${chain}:${address}`),
      methods: [...methods],
      events: [...events],
    },
  }
}

/** `namespaces` with `chain` (and the account on it) added to the eip155 namespace. */
export function withChain(
  namespaces: SessionTypes.Namespaces,
  chain: string,
  address: Address,
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
      accounts: eip155.accounts.includes(`${chain}:${address}`)
        ? eip155.accounts
        : [...eip155.accounts, `${chain}:${address}`],
    },
  }
}

/** CAIP-2 chains a session's eip155 namespace covers. */
export function sessionChains(namespaces: SessionTypes.Namespaces): string[] {
  const eip155 = namespaces.eip155
  if (!eip155) return []
  return [
    ...new Set([
      ...(eip155.chains ?? []),
      ...eip155.accounts.map((account) => account.split(':').slice(0, 2).join(':')),
    ]),
  ]
}
