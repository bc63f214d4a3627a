// ERC-7677 paymaster web service calls (pm_getPaymasterStubData, pm_getPaymasterData) as the API's
// paymaster proxy receives them and the devstack's paymaster service answers them, the proxy's query,
// a project's sponsorship policy, and the reasons sponsorship is refused.
import { CaipNetworkId } from '../caip.js'
import { looseObject } from '../internal/looseObject.js'
import { ProviderRpcError } from '../internal/rpcErrors.js'
import { tuple } from '../internal/tuple.js'
import * as z from '../internal/zod.js'
import { SdkQuery, text } from './common.js'

/** POST /v1/paymaster?chainId&projectId: the ERC-7677 paymaster proxy of one network. */
export const PaymasterProxyQuery = z.object({
  chainId: CaipNetworkId,
  ...SdkQuery.shape,
})
export type PaymasterProxyQuery = z.infer<typeof PaymasterProxyQuery>

/**
 * Most bytes one hex field of an operation may carry (callData, factoryData): a batch's calldata
 * stays far below it, and the policy decodes every byte of it before the paymaster is asked.
 */
export const maxPaymasterFieldBytes = 128 * 1024

const Address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address (0x + 40 hex digits)'))
const Bytes = z
  .string()
  .check(
    z.maxLength(2 + 2 * maxPaymasterFieldBytes),
    z.regex(/^0x([0-9a-fA-F]{2})*$/, 'Expected bytes in hex (0x…)'),
  )
const Quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity (0x…)'))

/** An EntryPoint v0.7 UserOperation in its JSON-RPC form, as a paymaster service receives it (gas may still be 0x0). */
export const PaymasterUserOperation = looseObject({
  sender: Address,
  nonce: Quantity,
  factory: z.optional(z.nullable(Address)),
  factoryData: z.optional(z.nullable(Bytes)),
  callData: Bytes,
  callGasLimit: Quantity,
  verificationGasLimit: Quantity,
  preVerificationGas: Quantity,
  maxFeePerGas: Quantity,
  maxPriorityFeePerGas: Quantity,
  paymasterVerificationGasLimit: z.optional(z.nullable(Quantity)),
  paymasterPostOpGasLimit: z.optional(z.nullable(Quantity)),
})
export type PaymasterUserOperation = z.infer<typeof PaymasterUserOperation>

/** `[userOperation, entryPoint, chainId, context]`, the same for both pm_ methods. */
export const PaymasterParams = tuple(
  [PaymasterUserOperation, Address, Quantity, z.optional(z.unknown())],
  'Expected [userOperation, entryPoint, chainId, context]',
)
export type PaymasterParams = z.infer<typeof PaymasterParams>

/** The two ERC-7677 methods; a paymaster proxy forwards nothing else. */
export const paymasterMethods = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

/** pm_getPaymasterStubData's answer (ERC-7677): placeholder data for gas estimation. */
export const PaymasterStubData = z.object({
  // The icon may be a data URI (ERC-7677), so it gets the room of a small image.
  sponsor: z.optional(z.object({ name: text({ max: 128 }), icon: z.optional(text({ max: 64 * 1024 })) })),
  paymaster: Address,
  paymasterData: Bytes,
  paymasterVerificationGasLimit: Quantity,
  paymasterPostOpGasLimit: Quantity,
  isFinal: z.boolean(),
})
export type PaymasterStubData = z.infer<typeof PaymasterStubData>

/** pm_getPaymasterData's answer (ERC-7677): the data the operation is sent with. */
export const PaymasterData = z.object({ paymaster: Address, paymasterData: Bytes })
export type PaymasterData = z.infer<typeof PaymasterData>

/** A base-10 amount of wei (the smallest unit of the network's native coin). */
const Wei = z.string().check(z.regex(/^(0|[1-9][0-9]{0,77})$/, 'Expected an amount of wei in base 10'))

/** Most contracts one policy may name: every check of an operation walks the list. */
export const maxSponsoredContracts = 256

/**
 * A project's gas sponsorship: off unless `enabled`; only operations whose every call goes to one of
 * `allowedContracts` (any contract when absent); at most `budgetWei` of gas per network in all, counted
 * at the most each operation may cost when the paymaster signs it, and at its actual cost once the
 * API's indexer has seen it included (nothing once its signature expired unused).
 */
export const SponsorshipPolicy = z.object({
  enabled: z.boolean(),
  allowedContracts: z.optional(z.array(Address).check(z.maxLength(maxSponsoredContracts))),
  /**
   * Also sponsors the smart account's own calls that grant or revoke one of its smart sessions, which
   * `allowedContracts` cannot name (each account is its own target): a call to the operation's own
   * sender, without value, to `grantSession` or `revokeSession` and nothing else. Off when absent.
   */
  sessionGrants: z.optional(z.boolean()),
  budgetWei: Wei,
})
export type SponsorshipPolicy = z.infer<typeof SponsorshipPolicy>

/** Why the API's paymaster proxy will not sponsor an operation: the `reason` of its JSON-RPC error's data. */
export const sponsorshipRefusals = {
  disabled: 'SPONSORSHIP_DISABLED',
  targetNotAllowed: 'SPONSORSHIP_TARGET_NOT_ALLOWED',
  budgetExhausted: 'SPONSORSHIP_BUDGET_EXHAUSTED',
  unreadableCalls: 'SPONSORSHIP_UNREADABLE_CALLS',
} as const
export type SponsorshipRefusal = (typeof sponsorshipRefusals)[keyof typeof sponsorshipRefusals]

/**
 * The JSON-RPC error code of a refused sponsorship: EIP-1474's "Transaction rejected" (-32003), the
 * closest standard meaning (the operation is not taken), with the reason in `data.reason`.
 */
export const sponsorshipRefusedCode = -32003

/** The messages of the refusals, said to the dapp and the user. */
const refusalMessages: Record<SponsorshipRefusal, string> = {
  SPONSORSHIP_DISABLED: 'This app does not sponsor gas on this network',
  SPONSORSHIP_TARGET_NOT_ALLOWED: 'This app sponsors gas only for calls to its own contracts',
  SPONSORSHIP_BUDGET_EXHAUSTED: "This app's gas sponsorship budget is spent",
  SPONSORSHIP_UNREADABLE_CALLS: 'The calls of this operation cannot be read, so they cannot be sponsored',
}

/** The paymaster proxy will not sponsor this operation; `data.reason` says why. */
export class SponsorshipRefusedError extends ProviderRpcError {
  override name = 'SponsorshipRefusedError'
  constructor(
    readonly reason: SponsorshipRefusal,
    detail?: string,
  ) {
    super(
      sponsorshipRefusedCode,
      detail ? `${refusalMessages[reason]}: ${detail}` : refusalMessages[reason],
      { reason },
    )
  }
}
