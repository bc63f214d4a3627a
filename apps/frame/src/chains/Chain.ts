// What the frame needs of a chain family, one implementation per namespace: eip155 over viem,
// solana over @solana/web3.js. Each loads on first use (they are the frame's heaviest code), so
// the Connect view paints without them.
import type { ChainNetwork } from '@walletframe/protocol'
import { FrameError } from '../lib/errors.js'

/** A token transfer, in the units the chain counts. */
export type Transfer = {
  /** The sender: the connected account. */
  readonly from: string
  readonly to: string
  /** The token's contract (EVM) or mint (Solana); absent for the native currency. */
  readonly token?: string | undefined
  /** In the token's smallest unit. */
  readonly amount: bigint
  readonly decimals: number
}

/** A transfer ready for the wallet: the request that makes it, and how to follow it on chain. */
export type PreparedTransfer = {
  /** The wallet method (eth_sendTransaction, solana_signAndSendTransaction) and its params. */
  readonly method: string
  readonly params: unknown
  /**
   * Waits until the transaction the wallet answered with is confirmed on chain; resolves with its
   * hash (EVM) or signature (Solana), rejects when the answer is not one or the transaction failed.
   */
  confirm(answer: unknown): Promise<string>
}

export type Chain = {
  /** The native balance of `address`, in the smallest unit (wei, lamports). */
  nativeBalance(network: ChainNetwork, address: string): Promise<bigint>
  /** Whether `address` is an account of this family (EVM: checksum-valid when mixed case; Solana: a 32-byte key). */
  isAddress(address: string): boolean
  /**
   * The network fee of `transfer` in the native currency's smallest unit. EVM prices the estimated
   * gas at `gasPrice` (wei per gas, required); Solana's fee comes from the cluster, plus the rent of
   * the receiver's token account when the transfer must create it.
   */
  transferFee(network: ChainNetwork, transfer: Transfer, gasPrice: bigint | undefined): Promise<bigint>
  /** Builds the wallet request for `transfer` (reading what it needs from the network). */
  prepareTransfer(network: ChainNetwork, transfer: Transfer): Promise<PreparedTransfer>
}

/** A transfer the chain cannot make or follow: no gas price, an answer that is not a transaction, a transaction that failed. */
export class TransferFailedError extends FrameError {
  override name = 'TransferFailedError'
  constructor(message: string, cause?: unknown) {
    super('TRANSFER_FAILED', message, { cause })
  }
}
