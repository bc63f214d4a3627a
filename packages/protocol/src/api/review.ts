// The review of a request before the wallet signs it: what each rule found, in one line for the wallet
// holder, and the verdict (none, warning, blocked) the project's policy gives it. A rule warns by
// itself; the operator names the rules that block instead.
import { evmAddressPattern, solanaAddressPattern } from '../address.js'
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { boundedJson, ProjectId, text } from './common.js'
import { maxSimulatedCalls, SimulateCall, SimulateResponse } from './simulate.js'
import { SolanaSimulateResponse, SolanaTransactionBase64 } from './solanaSimulate.js'

/** Every rule the review applies, by a stable id an operator's policy names. */
export const reviewRuleIds = [
  'unlimited-approval',
  'approval-to-account',
  'approval-to-new-contract',
  'permit-signature',
  'moves-all',
  'verifying-contract-missing',
  'other-chain',
  'sign-in-domain',
  'deny-listed',
  'raw-hash-signature',
] as const
export const ReviewRuleId = z.enum(reviewRuleIds)
export type ReviewRuleId = z.infer<typeof ReviewRuleId>

export const ReviewFinding = z.object({ rule: ReviewRuleId, reason: z.string() })
export type ReviewFinding = z.infer<typeof ReviewFinding>

export const ReviewVerdict = z.object({
  level: z.enum(['none', 'warning', 'blocked']),
  findings: z.array(ReviewFinding),
})
export type ReviewVerdict = z.infer<typeof ReviewVerdict>

/** The most deny-list text a project carries: about twenty thousand addresses. */
export const maxDenyListLength = 1_000_000

/**
 * A project's review policy: the rules that block (by default a deny-listed counterparty and a signature
 * of a bare hash), its deny list (the text of a deny-list file), and how young a contract is "new".
 */
export const ReviewPolicy = z.object({
  block: z.optional(z.array(ReviewRuleId)),
  denyList: z.optional(text({ max: maxDenyListLength })),
  newContractBlocks: z.optional(z.int().check(z.minimum(1), z.maximum(10_000_000))),
})
export type ReviewPolicy = z.infer<typeof ReviewPolicy>

/** What a project blocks when its policy does not say. */
export const defaultBlockedRules: readonly ReviewRuleId[] = ['deny-listed', 'raw-hash-signature']
/** A contract deployed fewer blocks ago than this counts as new, when the policy does not say: about a day on Ethereum. */
export const defaultNewContractBlocks = 7_200

const Origin = z.string().check(z.regex(/^https?:\/\/[^/\s?#]{1,253}$/, 'an origin: scheme://host[:port]'))

/** What is to be signed, as the frame reads it from the host's request. */
export const ReviewedRequest = z.discriminatedUnion('kind', [
  /** eth_sendTransaction (one call) or wallet_sendCalls; `chainId` when the request names a network. */
  z.object({
    kind: z.literal('calls'),
    chainId: z.optional(CaipNetworkId),
    calls: z
      .array(SimulateCall)
      .check(
        z.minLength(1, 'Review at least one call'),
        z.maxLength(maxSimulatedCalls, `At most ${maxSimulatedCalls} calls`),
      ),
  }),
  /** eth_signTypedData_v4: the typed data, parsed. */
  z.object({
    kind: z.literal('typedData'),
    typedData: z
      .record(z.string(), z.unknown())
      .check(boundedJson({ maxDepth: 16, maxStringLength: 100_000 })),
  }),
  /** personal_sign: the message as text. */
  z.object({ kind: z.literal('message'), message: text({ max: 100_000 }) }),
  /** eth_sign: a bare hash. */
  z.object({ kind: z.literal('hash') }),
  /** solana_signTransaction or solana_signAndSendTransaction: the transaction, base64. */
  z.object({ kind: z.literal('solanaTransaction'), transaction: SolanaTransactionBase64 }),
])
export type ReviewedRequest = z.infer<typeof ReviewedRequest>

export const ReviewRequest = z.object({
  projectId: ProjectId,
  /** The host page's origin, as the frame verified it. */
  origin: Origin,
  /** The network the wallet is on. */
  chainId: CaipNetworkId,
  /** The account that signs or sends: an EVM address, or a Solana one for a Solana transaction. */
  from: z
    .string()
    .check(
      z.regex(
        new RegExp(`${evmAddressPattern.source}|${solanaAddressPattern.source}`),
        'Invalid address (expected an EVM or a Solana address)',
      ),
    ),
  request: ReviewedRequest,
})
export type ReviewRequest = z.infer<typeof ReviewRequest>

/**
 * The USD price of one whole unit of an asset the review names, where the API has one: the native coin
 * by its pseudo-address (0xeeee…eeee, or the wrapped-SOL mint), a token by its address or mint. An asset
 * without a price is absent, never priced at 0.
 */
export const ReviewPrice = z.object({
  asset: z.string().check(z.maxLength(64)),
  usd: z.number().check(z.minimum(0)),
})
export type ReviewPrice = z.infer<typeof ReviewPrice>

/** The network fee the request would pay, in the native coin's base units (an estimate for EVM calls). */
export const ReviewFee = z.object({
  amount: z.string().check(z.regex(/^\d+$/, 'a non-negative integer in base units')),
  symbol: z.string().check(z.maxLength(32)),
  decimals: z.int().check(z.minimum(0), z.maximum(255)),
})
export type ReviewFee = z.infer<typeof ReviewFee>

export const ReviewResponse = z.object({
  verdict: ReviewVerdict,
  /** For calls: what they would do. Absent when the simulation could not run (`simulationError` says why). */
  simulation: z.optional(SimulateResponse),
  /** For a Solana transaction: what it would do. */
  solanaSimulation: z.optional(SolanaSimulateResponse),
  simulationError: z.optional(z.string()),
  /** USD prices of the native coin and of the tokens the changes name, where the API has them. */
  prices: z.optional(z.array(ReviewPrice)),
  /** For calls and Solana transactions that simulated: the network fee. */
  fee: z.optional(ReviewFee),
  /** For typed data: what the signature authorises, in lines a person reads (what is given, to whom, until when). */
  authorises: z.optional(z.array(z.string())),
})
export type ReviewResponse = z.infer<typeof ReviewResponse>
