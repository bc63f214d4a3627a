// GET /v1/account/{account}/history: the account's transactions from the indexer's tables, newest
// first, as history entries. The cursor is opaque (base64url of the last row's sort key).
import {
  CaipNetworkId,
  type HistoryEntry,
  HistoryQuery,
  HistoryResponse,
  type HistoryTransfer,
  maxTimestampMs,
} from '@walletframe/protocol'
import { formatUnits } from 'viem'
import { z } from 'zod'
import type { PriceSource } from '../chains/Prices.js'
import * as SolanaHistory from '../chains/solanaHistory.js'
import * as History from '../db/history.js'
import { fromChainFailure, InvalidRequestError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import * as Purchases from '../onramp/purchases.js'
import { isSolanaSignature, parseAccount } from './addresses.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const Params = z.object({ account: z.string().max(128) })

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/account/{account}/history',
  summary: 'Transactions touching an address, newest first, cursor-paginated',
  params: Params,
  query: HistoryQuery,
  response: HistoryResponse,
  // 502: Solana history is read from the RPC per request.
  errors: [400, 401, 403, 429, 502],
}

/** The sort key of a page's last row, held to what the columns store (db/schema.ts accountActivity). */
const PageKey = z.object({
  // What encodeCursor writes (Date#toISOString) and nothing else: year 0000 or 2023-02-30 would pass a
  // pattern but not Postgres.
  minedAt: z.iso.datetime().refine(isCanonicalTime, 'not a time the API wrote'),
  chainId: CaipNetworkId,
  // bigint column, read as a JS number.
  blockNumber: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  // integer column.
  txIndex: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
})

function isCanonicalTime(value: string): boolean {
  const time = Date.parse(value)
  return time >= 0 && time <= maxTimestampMs && new Date(time).toISOString() === value
}

const invalidCursor = () =>
  new InvalidRequestError('Invalid cursor: use the `next` value of a previous page', 'cursor')

export function encodeCursor(key: History.PageKey): string {
  return Buffer.from(JSON.stringify([key.minedAt, key.chainId, key.blockNumber, key.txIndex])).toString(
    'base64url',
  )
}

export function decodeCursor(cursor: string): History.PageKey {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (!Array.isArray(parts)) throw invalidCursor()
  const [minedAt, chainId, blockNumber, txIndex] = parts
  const key = PageKey.safeParse({ minedAt, chainId, blockNumber, txIndex })
  if (!key.success) throw invalidCursor()
  return key.data
}

function decodeSolanaCursor(cursor: string): string {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  const [kind, signature] = Array.isArray(parts) ? parts : []
  if (kind !== 'sol' || typeof signature !== 'string' || !isSolanaSignature(signature)) throw invalidCursor()
  return signature
}

const zero = '0x0000000000000000000000000000000000000000'

export function register(app: App, deps: Deps): void {
  app.get('/v1/account/:account/history', requireProject(deps, { from: 'query' }), async (c) => {
    const { account: raw } = validate.params(c, Params)
    const query = validate.query(c, HistoryQuery)
    const account = parseAccount(raw, 'account')
    const chainId = query.chainId ?? account.caipNetworkId
    const empty = { data: [], next: null } satisfies HistoryResponse
    // On-ramp purchases: what the provider's funding addresses delivered to the account.
    const purchasesFrom = query.onramp
      ? Purchases.senders(deps.config.options.onramp, chainId ?? undefined)
      : undefined
    if (chainId && deps.networks.get(chainId)?.network.chainNamespace !== account.namespace)
      return c.json(empty)
    if (account.namespace === 'solana') {
      // Read from the RPC per request; the cursor is the last signature of the page.
      const entry = chainId
        ? deps.networks.get(chainId)
        : [...deps.networks.values()].find((n) => n.network.chainNamespace === 'solana')
      if (!entry) return c.json(empty)
      const before = query.cursor ? decodeSolanaCursor(query.cursor) : undefined
      const page = await SolanaHistory.readHistory(
        entry.upstream,
        entry.network,
        deps.prices,
        account.address,
        { before, limit: query.limit ?? 20 },
      ).catch((error: unknown) => {
        throw fromChainFailure(entry.network.caipNetworkId, error, 'history read failed', 'account')
      })
      return c.json({
        data: purchasesFrom
          ? page.entries.filter((entry) =>
              Purchases.isSender(purchasesFrom, entry.metadata.chain, entry.metadata.sentFrom),
            )
          : page.entries,
        next: page.next ? Buffer.from(JSON.stringify(['sol', page.next])).toString('base64url') : null,
      } satisfies HistoryResponse)
    }
    const after = query.cursor ? decodeCursor(query.cursor) : undefined
    const result = await History.page(deps.db, {
      address: account.address,
      chainId,
      after,
      limit: query.limit ?? 20,
      ...(purchasesFrom ? { receivedFrom: purchasesFrom } : {}),
    })
    const me = account.address.toLowerCase()
    const data = result.rows.map((row) => toEntry(deps, row, me))
    return c.json({ data, next: result.next ? encodeCursor(result.next) : null } satisfies HistoryResponse)
  })
}

function toEntry(deps: Pick<Deps, 'networks' | 'prices'>, row: History.HistoryRow, me: string): HistoryEntry {
  const { transaction: tx } = row
  const network = deps.networks.get(tx.chainId)?.network
  const transfers: HistoryTransfer[] = []
  let ins = 0
  let outs = 0
  let mint = false
  let burn = false
  for (const transfer of row.transfers) {
    const from = transfer.fromAddress
    const to = transfer.toAddress
    if (from !== me && to !== me) continue
    const direction = from === me && to === me ? 'self' : from === me ? 'out' : 'in'
    if (direction === 'in') ins++
    if (direction === 'out') outs++
    if (from === zero) mint = true
    if (to === zero) burn = true
    transfers.push(describe(deps.prices, network, transfer, direction))
  }
  const operationType = mint
    ? 'mint'
    : burn
      ? 'burn'
      : ins && outs
        ? 'trade'
        : outs
          ? 'send'
          : ins
            ? 'receive'
            : tx.fromAddress === me
              ? 'execute'
              : 'receive'
  return {
    id: `${tx.chainId}:${tx.hash}`,
    metadata: {
      minedAt: tx.minedAt.toISOString(),
      chain: tx.chainId as CaipNetworkId,
      operationType,
      hash: tx.hash,
      blockNumber: tx.blockNumber,
      sentFrom: tx.fromAddress,
      sentTo: tx.toAddress ?? '',
      status: tx.success ? 'confirmed' : 'failed',
      nonce: tx.nonce,
    },
    transfers,
  }
}

function describe(
  prices: PriceSource,
  network: Deps['config']['networks'][number] | undefined,
  transfer: History.HistoryRow['transfers'][number],
  direction: 'in' | 'out' | 'self',
): HistoryTransfer {
  const chainId = transfer.chainId
  if (transfer.standard === 'erc721') {
    const collection = network?.nfts.find((nft) => nft.address.toLowerCase() === transfer.contract)
    return {
      nft_info: {
        name: `${collection?.name ?? 'Unknown collection'} #${transfer.tokenId}`,
        token_id: transfer.tokenId ?? '0',
        content: null,
        // Collections the operator lists are vouched for; anything else is treated as unsolicited.
        flags: { is_spam: collection === undefined },
      },
      direction,
      quantity: { numeric: '1' },
      value: 0,
      price: 0,
    }
  }
  const fungible =
    transfer.standard === 'native'
      ? network && prices.native(network)
      : prices.lookup(`${chainId}:${transfer.contract}`)
  // Tokens outside the configured list have unknown decimals: their raw amount is shown as is.
  const decimals = fungible?.decimals ?? 0
  const numeric = formatUnits(BigInt(transfer.amount), decimals)
  const price = fungible?.price ?? 0
  return {
    fungible_info: {
      name: fungible?.name ?? 'Unknown token',
      symbol: fungible?.symbol ?? (transfer.contract ?? '').slice(0, 10),
      icon: fungible?.iconUrl ? { url: fungible.iconUrl } : null,
    },
    direction,
    quantity: { numeric },
    value: Number(numeric) * price,
    price,
  }
}
