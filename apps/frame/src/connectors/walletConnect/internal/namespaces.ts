// The namespaces the frame proposes to a wallet, built from the host's networks, and the checks
// that keep requests inside what the wallet approved (CAIP-25 session namespaces).

import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { bitcoinMethods, type CaipAddress, type ChainNetwork, isCaipAddress } from '@walletframe/protocol'

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
  // ERC-7715: a wallet that approves them grants and revokes smart sessions itself.
  'wallet_grantPermissions',
  'wallet_revokePermissions',
] as const
export const eip155Events = ['accountsChanged', 'chainChanged'] as const
export const solanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const
export const bip122Methods = bitcoinMethods

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

/** Namespaces the frame can show accounts of. */
export const accountNamespaces = ['eip155', 'solana', 'bip122'] as const

/**
 * The session's CAIP-10 accounts across namespaces, deduplicated, in the wallet's order (the first
 * of a namespace is its selected account).
 */
export function accounts(namespaces: SessionTypes.Namespaces): CaipAddress[] {
  const result = new Set<CaipAddress>()
  for (const family of accountNamespaces)
    for (const account of namespaces[family]?.accounts ?? [])
      if (isCaipAddress(account)) result.add(account as CaipAddress)
  return [...result]
}

/** CAIP-2 chains of every namespace the frame shows, eip155 first. */
export function allChains(namespaces: SessionTypes.Namespaces): string[] {
  return accountNamespaces.flatMap((family) => chainsOf(namespaces[family]))
}

/** An accountsChanged payload (addresses or CAIP-10 ids) as CAIP-10 ids on `chain`. */
export function toCaipAccounts(data: readonly unknown[], chain: string): CaipAddress[] {
  return data
    .filter((item): item is string => typeof item === 'string' && item.length > 0)
    .map((item) => (item.includes(':') ? item : `${chain}:${item}`))
    .filter((item): item is CaipAddress => isCaipAddress(item))
}

/**
 * The session with `selected` moved to the front of their namespace's accounts, so the wallet's
 * newest choice is the selected account now and after a reload (sign-client stores the session).
 */
export function withSelected(
  session: SessionTypes.Struct,
  selected: readonly CaipAddress[],
): SessionTypes.Struct {
  const [first] = selected
  if (!first) return session
  const family = first.split(':')[0] as string
  const namespace = session.namespaces[family]
  if (!namespace) return session
  const addresses = new Set(selected.map((account) => account.split(':')[2]?.toLowerCase()))
  const chosen = namespace.accounts.filter((account) => addresses.has(account.split(':')[2]?.toLowerCase()))
  if (chosen.length === 0) return session
  const rest = namespace.accounts.filter((account) => !chosen.includes(account))
  return {
    ...session,
    namespaces: { ...session.namespaces, [family]: { ...namespace, accounts: [...chosen, ...rest] } },
  }
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

/** How to move a session to another chain, decided from what the wallet approved alone. */
export type SwitchDecision =
  /** The chain is approved: switch without a wallet round trip (each request names its chain). */
  | { readonly type: 'switchLocally' }
  /** Not approved, but the wallet takes wallet_switchEthereumChain (and adds the chain). */
  | { readonly type: 'askWalletToSwitch'; readonly hexChainId: string }
  /** Neither approved nor switchable: refused with 4902 (unrecognized chain). */
  | { readonly type: 'unrecognizedChain' }
  /** The chain id is not a chain id: refused as invalid. */
  | { readonly type: 'invalidChainId' }

/** Parses an EIP-155 chain id given as a number, `0x…` hex, decimal text or CAIP-2 id. */
export function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  const reference = value.includes(':') ? value.split(':')[1] : value
  if (!reference || !/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(reference)) return undefined
  const parsed = reference.startsWith('0x') ? Number.parseInt(reference, 16) : Number(reference)
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}

export function decideSwitch(
  namespaces: SessionTypes.Namespaces,
  chain: string,
  activeChain: string,
): SwitchDecision {
  if (hasChain(namespaces, chain)) return { type: 'switchLocally' }
  if (!chain.startsWith('eip155:')) return { type: 'unrecognizedChain' }
  const chainId = parseChainId(chain)
  if (chainId === undefined) return { type: 'invalidChainId' }
  if (approves(namespaces, 'wallet_switchEthereumChain', activeChain))
    return { type: 'askWalletToSwitch', hexChainId: `0x${chainId.toString(16)}` }
  return { type: 'unrecognizedChain' }
}
