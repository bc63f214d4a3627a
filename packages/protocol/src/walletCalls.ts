// EIP-5792, the wallet call API, as a dapp sends it through the provider: the parameters of
// wallet_sendCalls (version 2.0.0), wallet_getCapabilities and wallet_getCallsStatus, the status a
// batch reports, and the most calls one batch may carry.
import { evmAddressPattern } from './address.js'
import { looseObject } from './internal/looseObject.js'
import { tuple } from './internal/tuple.js'
import * as z from './internal/zod.js'

/**
 * The most calls one batch may carry; more is refused with 5740 (batch too large). Twenty keeps the
 * approval screen, which lists every call, readable, and one UserOperation well within a bundler's
 * gas limit.
 */
export const maxCallsPerBatch = 20

/** What the capabilities request says when its first parameter, the account, is missing. */
export const capabilitiesNeedAddress = 'The capabilities request needs an address parameter'

const hex = (message: string) => z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, message))
const ChainIdHex = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a chain id in hex (0x…)'))

/** A capability as a dapp asks for it; `optional: true` lets a wallet without it go on regardless. */
export const RequestedCapability = looseObject({ optional: z.optional(z.boolean()) })
export const RequestedCapabilities = z.record(z.string(), RequestedCapability)
export type RequestedCapabilities = z.infer<typeof RequestedCapabilities>

/** One call of `wallet_sendCalls`: `to` must start with 0x. */
export const SendCallsItem = z.object({
  to: z.string().check(z.startsWith('0x', 'Call "to" must start with 0x')),
  data: z.optional(hex('Call "data" must be hex (0x…)')),
  value: z.optional(hex('Call "value" must be a hex quantity (0x…)')),
  capabilities: z.optional(RequestedCapabilities),
})
export type SendCallsItem = z.infer<typeof SendCallsItem>

/** The one parameter of `wallet_sendCalls`, version 2.0.0. */
export const SendCallsRequest = z.object({
  version: z.literal('2.0.0', 'Only version "2.0.0" of wallet_sendCalls is supported'),
  /** The dapp's own id for the batch; the wallet answers with it, and refuses it a second time (5720). */
  id: z.optional(z.string().check(z.minLength(1))),
  from: z.optional(z.string().check(z.regex(evmAddressPattern, 'Invalid "from" address'))),
  chainId: ChainIdHex,
  atomicRequired: z.boolean('"atomicRequired" must be true or false'),
  calls: z.array(SendCallsItem).check(z.minLength(1, 'A batch needs at least one call')),
  capabilities: z.optional(RequestedCapabilities),
})
export type SendCallsRequest = z.infer<typeof SendCallsRequest>
export const SendCallsParams = tuple([SendCallsRequest])

/** `[address, chainIds?]`: the capabilities of that account, on those chains (all it has, without). */
export const GetCapabilitiesParams = tuple(
  [
    z.string(capabilitiesNeedAddress).check(z.regex(evmAddressPattern, 'Invalid address')),
    z.optional(z.array(ChainIdHex)),
  ],
  capabilitiesNeedAddress,
)

/** `[id]`: the id wallet_sendCalls answered with. */
export const GetCallsStatusParams = tuple([z.string().check(z.minLength(1, 'Expected a batch id'))])

/**
 * Where a batch is: 100 pending, 200 confirmed, 400 failed off chain (nothing landed and the wallet
 * will not retry), 500 reverted completely, 600 reverted in part.
 */
export const callsStatusCodes = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partiallyReverted: 600,
} as const

/** A receipt as wallet_getCallsStatus reports it: the transaction's, logs those of the calls. */
export const CallsReceipt = z.object({
  logs: z.array(z.object({ address: z.string(), data: z.string(), topics: z.array(z.string()) })),
  status: z.enum(['0x0', '0x1']),
  blockHash: z.string(),
  blockNumber: z.string(),
  gasUsed: z.string(),
  transactionHash: z.string(),
})
export type CallsReceipt = z.infer<typeof CallsReceipt>

/** The answer of `wallet_getCallsStatus`. */
export const CallsStatus = z.object({
  version: z.literal('2.0.0'),
  id: z.string(),
  chainId: ChainIdHex,
  status: z.number(),
  /** Whether the calls ran in one transaction, all or none of them. */
  atomic: z.boolean(),
  receipts: z.optional(z.array(CallsReceipt)),
})
export type CallsStatus = z.infer<typeof CallsStatus>
