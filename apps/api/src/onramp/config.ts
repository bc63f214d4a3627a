// The on-ramp provider the API talks to: its base URL (and key), as an operator configures any
// provider, and the addresses it delivers purchases from, by which Activity finds them.
import { z } from 'zod'

export const OnrampConfig = z.object({
  /** Base URL of the provider's REST API; absent: options and quotes fall back, no checkout URL. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey: z.string().min(1).max(4_096).optional(),
  /** Upper bound on one round trip to the provider; the fallbacks answer after it. */
  timeoutMs: z.number().int().min(50).max(60_000).default(5_000),
  /**
   * The provider's delivery addresses per CAIP-2 network: transfers from them are the account's
   * on-ramp purchases (GET /v1/account/{address}/history?onramp=true).
   */
  fundingAddresses: z
    .record(
      z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a CAIP-2 id'),
      z.array(z.string().min(1).max(128)),
    )
    .default({}),
})
export type OnrampConfig = z.infer<typeof OnrampConfig>
