// POST /e?projectId&st&sv: analytics events. Stored by the API; never forwarded.
import * as z from '../internal/zod.js'
import { boundedJson, SdkQuery, TimestampMs, text } from './common.js'

export const AnalyticsQuery = SdkQuery

/** Event data is a few flat fields (event data plus address); depth 16 leaves room. */
export const analyticsPropsBounds = { maxDepth: 16, maxStringLength: 4096 }

export const AnalyticsEvent = z.object({
  eventId: text({ min: 1, max: 128 }),
  url: text({ max: 2048 }),
  domain: text({ max: 255 }),
  /** Milliseconds since the epoch. */
  timestamp: TimestampMs,
  /** Event data plus address, stored as jsonb. */
  props: z._default(z.record(text({ max: 256 }), z.unknown()).check(boundedJson(analyticsPropsBounds)), {}),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>

/** Most events one POST /e carries: the frame sends what gathered in a second or so, in one request. */
export const analyticsBatchMax = 20

/** Events the frame gathered, sent in one POST /e. */
export const AnalyticsBatch = z.array(AnalyticsEvent).check(z.minLength(1), z.maxLength(analyticsBatchMax))
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>

/** The body of POST /e: one event (eventId, url, domain, timestamp, props), or a batch of them (the frame batches). */
export const AnalyticsBody = z.union([AnalyticsEvent, AnalyticsBatch])
export type AnalyticsBody = z.infer<typeof AnalyticsBody>

export const AnalyticsResponse = z.object({ stored: z.boolean() })
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>

// ---------------------------------------------------------------------------------------------
// What the frame tracks: `props` is `{ type: 'track', event, properties, address? }`: the
// event data plus the address. Event names are upper snake case (CONNECT_SUCCESS with its method).

const message = { message: z.string() }
const network = { network: z.string() }
const swap = {
  network: z.string(),
  swapFromToken: z.string(),
  swapToToken: z.string(),
  swapFromAmount: z.string(),
  message: z.string(),
}
const event = <const N extends string, P extends z.core.$ZodShape>(name: N, properties: P) =>
  z.object({ event: z.literal(name), properties: z.object(properties) })

export const TrackedEvent = z.discriminatedUnion('event', [
  event('MODAL_OPEN', { connected: z.boolean() }),
  event('MODAL_CLOSE', { connected: z.boolean() }),
  event('CONNECT_SUCCESS', { method: z.enum(['mobile', 'qrcode', 'browser']), name: z.string() }),
  event('CONNECT_ERROR', message),
  event('SELECT_WALLET', { name: z.string(), platform: z.enum(['mobile', 'qrcode']) }),
  event('DISCONNECT_SUCCESS', {}),
  event('DISCONNECT_ERROR', message),
  event('SWITCH_NETWORK', network),
  event('SEND_SUCCESS', { ...network, token: z.string(), amount: z.string() }),
  event('SEND_ERROR', { ...network, token: z.string(), amount: z.string(), ...message }),
  event('SWAP_SUCCESS', { ...swap, message: z.optional(z.string()) }),
  /** A swap step failed: initializing, checking the allowance, building or sending the swap. */
  event('SWAP_ERROR', swap),
  /** Building or sending the approval failed. */
  event('SWAP_APPROVAL_ERROR', swap),
  event('ERROR_FETCH_TRANSACTIONS', { address: z.string(), ...network, ...message }),
  event('SET_PREFERRED_ACCOUNT_TYPE', { accountType: z.enum(['eoa', 'smartAccount']), ...network }),
])
export type TrackedEvent = z.infer<typeof TrackedEvent>

/** `props` of a tracked event as the frame sends it. */
export const TrackedProps = z.intersection(
  TrackedEvent,
  z.object({ type: z.literal('track'), address: z.optional(z.string()) }),
)
export type TrackedProps = z.infer<typeof TrackedProps>
