// Wallet-standard names the Solana clusters (`solana:mainnet`, …); CAIP-2, which the frame speaks,
// names them by genesis-hash prefix (https://namespaces.chainagnostic.org/solana/caip2).
import type { CaipNetworkId } from '@walletframe/protocol'

export const clusters = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const satisfies Record<string, CaipNetworkId>

export type Chain = keyof typeof clusters

/** The wallet-standard chain of a CAIP-2 Solana network, or undefined for another cluster. */
export function fromCaip(caipNetworkId: string): Chain | undefined {
  return (Object.keys(clusters) as Chain[]).find((chain) => clusters[chain] === caipNetworkId)
}
