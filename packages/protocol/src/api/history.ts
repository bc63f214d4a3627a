// GET /v1/account/{account}/history: an account's transfers, newest first, paged by an opaque cursor.
import { CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { QueryFlag, SdkQuery } from './common.js'

export const HistoryQuery = z.extend(SdkQuery, {
  /** Opaque cursor from the previous page's `next` (base64url; the API decodes and checks it). */
  cursor: z.optional(
    z.string().check(z.maxLength(512), z.regex(/^[A-Za-z0-9_-]*$/, 'the `next` value of a previous page')),
  ),
  /** On-ramp purchases only: what the on-ramp provider's funding addresses delivered to the account. */
  onramp: z.optional(QueryFlag),
  chainId: z.optional(CaipNetworkId),
  /** Page size; 20 when absent. */
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
})
export type HistoryQuery = z.infer<typeof HistoryQuery>

export const TransferDirection = z.enum(['in', 'out', 'self'])

export const HistoryTransfer = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.string(),
      symbol: z.string(),
      icon: z.nullable(z.object({ url: z.string() })),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.string(),
      /** Token id as decimal text. */
      token_id: z.string(),
      content: z.nullable(z.object({ preview: z.nullable(z.object({ url: z.string() })) })),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: TransferDirection,
  quantity: z.object({ numeric: z.string() }),
  /** USD value of the transfer; 0 for NFTs and tokens without a price. */
  value: z.number(),
  price: z.number(),
})
export type HistoryTransfer = z.infer<typeof HistoryTransfer>

export const HistoryEntry = z.object({
  /** `{caipNetworkId}:{hash}`: unique across chains. */
  id: z.string(),
  metadata: z.object({
    /** ISO 8601 time of the block. */
    minedAt: z.string(),
    chain: CaipNetworkId,
    operationType: z.enum(['send', 'receive', 'trade', 'mint', 'burn', 'execute']),
    hash: z.string(),
    blockNumber: z.int(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed']),
    nonce: z.int(),
  }),
  transfers: z.array(HistoryTransfer),
})
export type HistoryEntry = z.infer<typeof HistoryEntry>

export const HistoryResponse = z.object({
  data: z.array(HistoryEntry),
  /** Cursor of the next page; null on the last page. */
  next: z.nullable(z.string()),
})
export type HistoryResponse = z.infer<typeof HistoryResponse>
