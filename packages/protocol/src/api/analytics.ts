// POST /e?projectId&st&sv (SPEC §7): one analytics event. Stored by the API; never forwarded.
import * as z from '../internal/zod.js'
import { boundedJson, SdkQuery, TimestampMs, text } from './common.js'

export const AnalyticsQuery = SdkQuery

/** Event data is a few flat fields (SPEC §7: event data plus address); depth 16 leaves room. */
export const analyticsPropsBounds = { maxDepth: 16, maxStringLength: 4096 }

export const AnalyticsEvent = z.object({
  eventId: text({ min: 1, max: 128 }),
  url: text({ max: 2048 }),
  domain: text({ max: 255 }),
  /** Milliseconds since the epoch. */
  timestamp: TimestampMs,
  /** Event data plus address (SPEC §7), stored as jsonb. */
  props: z._default(z.record(text({ max: 256 }), z.unknown()).check(boundedJson(analyticsPropsBounds)), {}),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>

export const AnalyticsResponse = z.object({ stored: z.boolean() })
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>
