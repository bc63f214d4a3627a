// What the frame needs of a chain family, one implementation per namespace: eip155 over viem,
// solana over @solana/web3.js. Each loads on first use (they are the frame's heaviest code), so
// the Connect view paints without them.
import type { ChainNetwork, SignInData } from '@walletframe/protocol'
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

/** What the frame asks an account to sign to sign in (CAIP-122); the chain writes it in its own format. */
export type SignInDraft = {
  /** The account, in its namespace's form. */
  readonly address: string
  /** The host page's host[:port] and origin, as the frame verified them. */
  readonly domain: string
  readonly uri: string
  readonly statement: string
  /** From the API: single use. */
  readonly nonce: string
  readonly issuedAt: Date
  readonly expirationTime: Date
}

/** A sign-in message ready for the wallet: what it says, the request that signs it, and how to read the answer. */
export type PreparedSignIn = {
  readonly data: SignInData
  /** The exact text the wallet signs (EIP-4361, Sign In With Solana). */
  readonly message: string
  readonly method: string
  readonly params: unknown
  /** The signature as a sign-in session carries it (0x-hex on eip155, base58 on solana). */
  signature(answer: unknown): string
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
  /** Writes the sign-in message of `draft` for `network` and the request that has the wallet sign it. */
  prepareSignIn(network: ChainNetwork, draft: SignInDraft): PreparedSignIn
}

/** The wallet's answer to a sign-in request is not a signature. */
export class SignInAnswerError extends FrameError {
  override name = 'SignInAnswerError'
  constructor() {
    super('SIGN_IN_ANSWER', 'The wallet answered without a signature')
  }
}

/** A transfer the chain cannot make or follow: no gas price, an answer that is not a transaction, a transaction that failed. */
export class TransferFailedError extends FrameError {
  override name = 'TransferFailedError'
  constructor(message: string, cause?: unknown) {
    super('TRANSFER_FAILED', message, { cause })
  }
}
