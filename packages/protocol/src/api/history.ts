// GET /v1/account/{account}/history (SPEC §3 transaction history entry, §7): newest first, paged.
import { z } from 'zod'
import { CaipNetworkId } from '../caip.js'
import { QueryFlag, SdkQuery } from './common.js'

export const HistoryQuery = SdkQuery.extend({
  /** Opaque cursor from the previous page's `next`. */
  cursor: z.string().max(512).optional(),
  /** On-ramp purchases only (the API records none yet, so this answers an empty page). */
  onramp: QueryFlag.optional(),
  chainId: CaipNetworkId.optional(),
  /** Page size; 20 when absent. */
  limit: z.coerce.number().int().min(1).max(100).optional(),
})
export type HistoryQuery = z.infer<typeof HistoryQuery>

export const TransferDirection = z.enum(['in', 'out', 'self'])

export const HistoryTransfer = z.object({
  fungible_info: z
    .object({
      name: z.string(),
      symbol: z.string(),
      icon: z.object({ url: z.string() }).nullable(),
    })
    .optional(),
  nft_info: z
    .object({
      name: z.string(),
      /** Token id as decimal text. */
      token_id: z.string(),
      content: z.object({ preview: z.object({ url: z.string() }).nullable() }).nullable(),
      flags: z.object({ is_spam: z.boolean() }),
    })
    .optional(),
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
    blockNumber: z.number().int(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed']),
    nonce: z.number().int(),
  }),
  transfers: z.array(HistoryTransfer),
})
export type HistoryEntry = z.infer<typeof HistoryEntry>

export const HistoryResponse = z.object({
  data: z.array(HistoryEntry),
  /** Cursor of the next page; null on the last page. */
  next: z.string().nullable(),
})
export type HistoryResponse = z.infer<typeof HistoryResponse>
