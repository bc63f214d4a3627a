// POST /e?projectId&st&sv (SPEC §7): one analytics event. Stored by the API; never forwarded.
import * as z from '../internal/zod.js'
import { SdkQuery } from './common.js'

export const AnalyticsQuery = SdkQuery
export const AnalyticsEvent = z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(128)),
  url: z.string().check(z.maxLength(2048)),
  domain: z.string().check(z.maxLength(255)),
  /** Milliseconds since the epoch. */
  timestamp: z.int().check(z.nonnegative()),
  /** Event data plus address (SPEC §7). */
  props: z._default(z.record(z.string(), z.unknown()), {}),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>

export const AnalyticsResponse = z.object({ stored: z.boolean() })
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>
