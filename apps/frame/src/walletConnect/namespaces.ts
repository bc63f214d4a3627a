// The namespaces the frame proposes to a wallet, built from the host's networks, and the checks
// that keep requests inside what the wallet approved (CAIP-25 session namespaces).

import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import type { ChainNetwork } from '@walletframe/protocol'

export const eip155Methods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_signTypedData',
  'eth_sign',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_watchAsset',
] as const
export const eip155Events = ['accountsChanged', 'chainChanged'] as const
export const solanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const
export const bip122Methods = ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'] as const

/**
 * Proposal namespaces for the host's networks: eip155, solana and bip122 chains, the active network
 * first. All are optional: sign-client 2.25 folds requiredNamespaces into optionalNamespaces anyway
 * (wallets reject proposals whose required chains they lack), so a wallet approves what it has.
 */
export function fromNetworks(
  networks: readonly Pick<ChainNetwork, 'caipNetworkId' | 'chainNamespace'>[],
  active?: string,
): ProposalTypes.OptionalNamespaces {
  const ordered = [...networks].sort(
    (a, b) => Number(b.caipNetworkId === active) - Number(a.caipNetworkId === active),
  )
  const chains = (namespace: string) =>
    ordered.filter((network) => network.chainNamespace === namespace).map((network) => network.caipNetworkId)
  const result: ProposalTypes.OptionalNamespaces = {}
  const eip155 = chains('eip155')
  if (eip155.length)
    result.eip155 = { chains: eip155, methods: [...eip155Methods], events: [...eip155Events] }
  const solana = chains('solana')
  if (solana.length) result.solana = { chains: solana, methods: [...solanaMethods], events: [] }
  const bip122 = chains('bip122')
  if (bip122.length) result.bip122 = { chains: bip122, methods: [...bip122Methods], events: [] }
  return result
}

/** CAIP-2 chains a session namespace covers (its `chains`, or those its accounts name). */
export function chainsOf(namespace: SessionTypes.BaseNamespace | undefined): string[] {
  if (!namespace) return []
  return [
    ...new Set([
      ...(namespace.chains ?? []),
      ...namespace.accounts.map((account) => account.split(':').slice(0, 2).join(':')),
    ]),
  ]
}

/** The session's eip155 accounts (addresses, deduplicated) on `chain`, or on any chain. */
export function evmAccounts(namespaces: SessionTypes.Namespaces, chain?: string): string[] {
  const accounts = namespaces.eip155?.accounts ?? []
  const matching = chain ? accounts.filter((account) => account.startsWith(`${chain}:`)) : accounts
  return [...new Set(matching.map((account) => account.split(':')[2] as string))]
}

/** Whether the wallet approved `method` for `chain` in this session. */
export function approves(namespaces: SessionTypes.Namespaces, method: string, chain: string): boolean {
  const [family] = chain.split(':')
  const namespace = family ? namespaces[family] : undefined
  return Boolean(namespace?.methods.includes(method) && chainsOf(namespace).includes(chain))
}

/** Whether `chain` is one the session approved. */
export function hasChain(namespaces: SessionTypes.Namespaces, chain: string): boolean {
  const [family] = chain.split(':')
  return chainsOf(family ? namespaces[family] : undefined).includes(chain)
}

/** What to do with a host call on a session, decided from what the wallet approved alone. */
export type Decision =
  | { readonly type: 'wallet' }
  /** The chain is approved: switch without a wallet round trip (each request names its chain). */
  | { readonly type: 'switchLocally'; readonly chain: string }
  /** Not approved, but the wallet takes wallet_switchEthereumChain (and adds the chain). */
  | { readonly type: 'askWalletToSwitch'; readonly chain: string }
  /** SPEC §8 4902: neither approved nor switchable. */
  | { readonly type: 'unrecognizedChain'; readonly chain: string }
  /** SPEC §8 32603: the chain id is not a chain id. */
  | { readonly type: 'invalidChainId' }
  /** "Requested RPC call is not allowed". */
  | { readonly type: 'notAllowed' }

/** Parses an EIP-155 chain id given as a number, `0x…` hex, decimal text or CAIP-2 id. */
export function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  const reference = value.includes(':') ? value.split(':')[1] : value
  if (!reference || !/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(reference)) return undefined
  const parsed = reference.startsWith('0x') ? Number.parseInt(reference, 16) : Number(reference)
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}

export function decide(
  namespaces: SessionTypes.Namespaces,
  request: { method: string; params?: unknown },
  activeChain: string,
): Decision {
  const { method, params } = request
  if (method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain') {
    const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
    const chainId = parseChainId(first?.chainId)
    if (chainId === undefined) return { type: 'invalidChainId' }
    const chain = `eip155:${chainId}`
    if (hasChain(namespaces, chain)) return { type: 'switchLocally', chain }
    if (approves(namespaces, method, activeChain)) return { type: 'askWalletToSwitch', chain }
    return { type: 'unrecognizedChain', chain }
  }
  return approves(namespaces, method, activeChain) ? { type: 'wallet' } : { type: 'notAllowed' }
}
