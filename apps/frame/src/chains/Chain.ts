// What the frame needs of a chain family, one implementation per namespace: eip155 over viem,
// solana over @solana/web3.js. Each loads on first use (they are the frame's heaviest code), so
// the Connect view paints without them.
import type { ChainNetwork } from '@walletframe/protocol'

export type Chain = {
  /** The native balance of `address`, in the smallest unit (wei, lamports). */
  nativeBalance(network: ChainNetwork, address: string): Promise<bigint>
}
