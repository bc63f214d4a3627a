// The cluster a Solana dapp's call is for. The dapp names it as wallet-standard does (`chain`:
// `solana:devnet`, or `solana:localnet` for a localhost endpoint) and the SDK's Solana wallet passes
// it with the call's parameters; the call must go to that cluster, or fail saying the app has no
// network for it, because a transaction sent elsewhere would never reach the dapp's Connection.
import { type ChainNetwork, solanaClusters, solanaLocalnet } from '@walletframe/protocol'

/** The call's parameters split into the chain it names (if any) and what the wallet is sent (Bitcoin calls name theirs the same way). */
export function split(params: unknown): { chain: string | undefined; params: unknown } {
  if (typeof params !== 'object' || params === null || Array.isArray(params) || !('chain' in params))
    return { chain: undefined, params }
  const { chain, ...rest } = params as { chain: unknown }
  return { chain: typeof chain === 'string' ? chain : String(chain), params: rest }
}

/**
 * The available network that is `chain`: a public cluster by its CAIP-2 id, the cluster on the
 * operator's machine by its `localnet` mark; a CAIP-2 id is taken as it is.
 */
export function network(chain: string, available: readonly ChainNetwork[]): ChainNetwork | undefined {
  const solana = available.filter((candidate) => candidate.chainNamespace === 'solana')
  if (chain === solanaLocalnet) return solana.find((candidate) => candidate.localnet === true)
  const caipNetworkId = Object.hasOwn(solanaClusters, chain)
    ? solanaClusters[chain as keyof typeof solanaClusters]
    : chain
  return solana.find((candidate) => candidate.caipNetworkId === caipNetworkId)
}
