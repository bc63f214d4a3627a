// Wallet-standard names Solana's clusters `solana:mainnet`, `solana:devnet`, `solana:testnet` and
// `solana:localnet` (@solana/wallet-standard-chains); CAIP-2, which the frame speaks, names a cluster
// by the first 32 characters of its genesis hash (https://namespaces.chainagnostic.org/solana/caip2).
// A Solana dapp's wallet adapter picks the name from its RPC endpoint, and a localhost or 127.0.0.1
// endpoint is `solana:localnet`: a cluster on the developer's machine, whatever its genesis, so it
// has no CAIP-2 id. A network is that cluster when it says so (`localnet` in the chains file).
import type { CaipNetworkId } from './caip.js'

/** The public clusters by their wallet-standard name, as CAIP-2 ids. */
export const solanaClusters = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const satisfies Record<string, CaipNetworkId>

/** Wallet-standard's name for the cluster on the developer's machine. */
export const solanaLocalnet = 'solana:localnet'
