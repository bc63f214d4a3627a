// POST /e?projectId&st&sv (SPEC §7): one analytics event. Stored by the API; never forwarded.
import { z } from 'zod'
import { SdkQuery } from './common.js'

export const AnalyticsQuery = SdkQuery
export const AnalyticsEvent = z.object({
  eventId: z.string().min(1).max(128),
  url: z.string().max(2048),
  domain: z.string().max(255),
  /** Milliseconds since the epoch. */
  timestamp: z.number().int().nonnegative(),
  /** Event data plus address (SPEC §7). */
  props: z.record(z.string(), z.unknown()).default({}),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>

export const AnalyticsResponse = z.object({ stored: z.boolean() })
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>
