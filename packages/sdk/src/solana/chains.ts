// Wallet-standard names the Solana clusters (`solana:mainnet`, …); CAIP-2, which the frame speaks,
// names them by genesis-hash prefix (https://namespaces.chainagnostic.org/solana/caip2).
import type { CaipNetworkId, solanaClusters, solanaLocalnet } from '@walletframe/protocol'

// Spelled out rather than imported: the protocol's root would bring its schemas into this entry.
// The types keep both equal.
export const clusters = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const satisfies typeof solanaClusters & Record<string, CaipNetworkId>

export type Chain = keyof typeof clusters

/**
 * The cluster on the developer's machine: the Solana wallet adapter names every localhost or
 * 127.0.0.1 endpoint so. It has no CAIP-2 id; the frame sends it to the network marked `localnet`.
 */
export const localnet = 'solana:localnet' satisfies typeof solanaLocalnet

/**
 * The chains the wallet lists: every one wallet-standard names. The adapter refuses a chain the
 * wallet does not list with an empty error before the wallet is asked, so the frame decides instead,
 * and a chain it has no network for fails with a message that names it.
 */
export const all = [...(Object.keys(clusters) as Chain[]), localnet] as const

/** The wallet-standard chain of a CAIP-2 Solana network, or undefined for another cluster. */
export function fromCaip(caipNetworkId: string): Chain | undefined {
  return (Object.keys(clusters) as Chain[]).find((chain) => clusters[chain] === caipNetworkId)
}
