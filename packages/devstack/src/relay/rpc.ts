// Zod schemas of the WalletConnect relay JSON-RPC methods this relay serves (irn_* and the
// wc_* session shortcuts of sign-client 2.25). Internal to devstack: the relay protocol is
// WalletConnect's, not a Walletframe boundary, so the shapes live here and not in protocol.
import { z } from 'zod'

/** Topics are sha256 digests in hex (pairing and session topics alike). */
const topic = z.string().regex(/^[0-9a-f]{64}$/i, 'topic must be 32 bytes of hex')
const message = z.string().min(1)
/**
 * Seconds, a uint32 in the relay RPC spec. The SDK sends 30 s to 30 days; the bounds the relay
 * stores are its limits (`TtlTooShort` / `TtlTooLong` from the mailbox), not a malformed call.
 */
const ttl = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 32 - 1)
const tag = z.number().int().nonnegative()
const attestation = z.string()

// The SDK spreads extra "tvf" fields (correlationId, chainId, rpcMethods, …) into the params;
// they are for the hosted relay's analytics, so they are allowed and ignored.
export const subscribe = z.looseObject({ topic })
export const batchSubscribe = z.looseObject({ topics: z.array(topic).min(1).max(500) })
export const unsubscribe = z.looseObject({ topic, id: z.string().min(1) })
export const publish = z.looseObject({
  topic,
  message,
  ttl,
  tag: tag.optional(),
  prompt: z.boolean().optional(),
  attestation: attestation.optional(),
})
export const batchFetchMessages = z.looseObject({ topics: z.array(topic).min(1).max(500) })
export const proposeSession = z.looseObject({
  pairingTopic: topic,
  sessionProposal: message,
  ttl,
  attestation: attestation.optional(),
})
export const approveSession = z.looseObject({
  sessionTopic: topic,
  pairingTopic: topic,
  sessionProposalResponse: message,
  sessionSettlementRequest: message,
  ttl,
  attestation: attestation.optional(),
})

export const methods = {
  irn_subscribe: subscribe,
  irn_batchSubscribe: batchSubscribe,
  irn_unsubscribe: unsubscribe,
  irn_publish: publish,
  irn_batchFetchMessages: batchFetchMessages,
  wc_proposeSession: proposeSession,
  wc_approveSession: approveSession,
} as const
export type Method = keyof typeof methods
export type Params<method extends Method> = z.infer<(typeof methods)[method]>

export function isMethod(method: string): method is Method {
  return Object.hasOwn(methods, method)
}

const id = z.union([z.number().int(), z.string().min(1)])

/** A call from a client. The relay protocol has no notifications, so `id` is required. */
export const Request = z.object({
  jsonrpc: z.literal('2.0'),
  id,
  method: z.string().min(1),
  params: z.unknown().optional(),
})
export type Request = z.infer<typeof Request>

/** A client's answer to an `irn_subscription` push (the ack). */
export const Response = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id, result: z.unknown() }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id,
    error: z.object({ code: z.number(), message: z.string() }),
  }),
])
export type Response = z.infer<typeof Response>

/** Tags of the messages the wc_* shortcuts publish (WalletConnect sign v2 RPC tags). */
export const tags = {
  sessionPropose: 1100,
  sessionProposeResponse: 1101,
  sessionSettle: 1102,
} as const
