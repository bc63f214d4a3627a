// What a Solana transaction would do, from the network's own simulateTransaction: per writable account
// the SOL it gains or loses (the fee payer's fee said apart) and, for a token account, the token
// balance before and after. A failed simulation says why, never "no changes".
import { SolanaAddress } from '../address.js'
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { ProjectId } from './common.js'

/** A Solana transaction's wire size limit (the IPv6 MTU less headers): no valid transaction is larger. */
export const maxSolanaTransactionBytes = 1232
/** The longest base64 text of a transaction at its largest. */
const maxBase64Length = Math.ceil(maxSolanaTransactionBytes / 3) * 4

/** A serialized transaction (legacy or v0, signed or not) in base64, as solana_signTransaction carries it. */
export const SolanaTransactionBase64 = z.string().check(
  z.minLength(4, 'A transaction is not empty'),
  z.maxLength(maxBase64Length, `A Solana transaction is at most ${maxSolanaTransactionBytes} bytes`),
  z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'A transaction must be base64'),
  // The length bound is per 3 bytes; the exact limit is on the bytes the text decodes to.
  z.refine(
    (text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) <= maxSolanaTransactionBytes,
    `A Solana transaction is at most ${maxSolanaTransactionBytes} bytes`,
  ),
)

export const SolanaSimulateRequest = z.object({
  projectId: ProjectId,
  chainId: CaipNetworkId,
  /** The account that signs (for a wallet, the fee payer). */
  from: SolanaAddress,
  transaction: SolanaTransactionBase64,
})
export type SolanaSimulateRequest = z.infer<typeof SolanaSimulateRequest>

const SignedAmount = z.string().check(z.regex(/^-?\d+$/, 'an integer in base units'))
const Amount = z.string().check(z.regex(/^\d+$/, 'a non-negative integer in base units'))

/** A token account's balance the transaction changes (SPL Token's account layout). */
export const SolanaTokenChange = z.object({
  mint: SolanaAddress,
  /** The wallet that owns the token account. */
  owner: SolanaAddress,
  /** When the network lists the mint: its symbol and decimals. */
  symbol: z.optional(z.string().check(z.maxLength(32))),
  decimals: z.optional(z.int().check(z.minimum(0), z.maximum(255))),
  pre: Amount,
  post: Amount,
  diff: SignedAmount,
})
export type SolanaTokenChange = z.infer<typeof SolanaTokenChange>

/** One writable account whose lamports or token balance the transaction changes. */
export const SolanaAccountChange = z.object({
  account: SolanaAddress,
  /** Lamports before and after, and the difference (post − pre, fee included). */
  pre: Amount,
  post: Amount,
  diff: SignedAmount,
  /** The fee payer only: the part of `diff` that is the network's fee. */
  fee: z.optional(Amount),
  token: z.optional(SolanaTokenChange),
})
export type SolanaAccountChange = z.infer<typeof SolanaAccountChange>

export const SolanaSimulateResponse = z.object({
  /** `reverted` when the transaction fails: then nothing of it would happen. */
  status: z.enum(['success', 'reverted']),
  /** Why it fails: the network's error and the last program log that says so. */
  failure: z.optional(z.object({ reason: z.string() })),
  /** Compute units the simulation used, decimal. */
  unitsConsumed: Amount,
  /** The fee the fee payer pays, in lamports. */
  fee: Amount,
  accountChanges: z.array(SolanaAccountChange),
  /** The slot the simulation ran on: state can change before the transaction lands. */
  slot: Amount,
})
export type SolanaSimulateResponse = z.infer<typeof SolanaSimulateResponse>
