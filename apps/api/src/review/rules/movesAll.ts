// A request that empties a token balance: sweeping everything is what a drainer does, and rarely what a
// dapp's action needs. The native currency is left out: a wallet always keeps some for gas.
import type { AssetChange } from '@walletframe/protocol'
import { nativeTokenAddress } from '../../chains/simulate.js'
import type { Finding } from '../Finding.js'

export function movesAllFindings(changes: readonly AssetChange[]): Finding[] {
  return changes
    .filter(
      (change) =>
        change.token.address.toLowerCase() !== nativeTokenAddress.toLowerCase() &&
        change.post === '0' &&
        BigInt(change.diff) < 0n,
    )
    .map((change) => ({
      rule: 'moves-all' as const,
      reason: `This moves all of your ${change.token.symbol ?? change.token.address}`,
    }))
}
