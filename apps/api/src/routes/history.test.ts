// History cursors: decoded and held to what the columns store before any query, on both database
// backends, so a crafted cursor is a 400 and a cursor at the very bounds still pages on.
import { describe, expect, it } from 'vitest'
import type * as History from '../db/history.js'
import { accountActivity, chainTransactions } from '../db/schema.js'
import { InvalidRequestError } from '../errors.js'
import { backends, expectFieldError, routeHarness } from '../internal/testing.js'
import { decodeCursor, encodeCursor } from './history.js'

const legs = await backends('history')

const key: History.PageKey = {
  minedAt: '2025-01-01T00:00:00.000Z',
  chainId: 'eip155:1',
  blockNumber: 10,
  txIndex: 0,
}
const raw = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url')

/** Cursors a client could craft that no page ever handed out, each failing in Postgres if let through. */
const crafted: [string, string][] = [
  ['a NUL in the chain id', raw([key.minedAt, 'eip155:1\u0000', 10, 0])],
  ['year 0000', raw(['0000-01-01T00:00:00.000Z', 'eip155:1', 10, 0])],
  ['February 30th', raw(['2023-02-30T00:00:00.000Z', 'eip155:1', 10, 0])],
  ['a txIndex of 2^31', raw([key.minedAt, 'eip155:1', 10, 2 ** 31])],
  ['a block number past 2^53', raw([key.minedAt, 'eip155:1', 2 ** 53, 0])],
  ['a chain id that is not CAIP-2', raw([key.minedAt, 'eip155', 10, 0])],
  ['an object', raw({ minedAt: key.minedAt })],
  ['a Solana cursor', raw(['sol', '1'.repeat(64)])],
  ['not base64url JSON', 'garbage'],
]

describe('decodeCursor', () => {
  it('reads back what encodeCursor wrote', () => {
    expect(decodeCursor(encodeCursor(key))).toEqual(key)
  })

  it.each(crafted)('refuses %s as an invalid cursor', (_, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(InvalidRequestError)
    expect(() => decodeCursor(cursor)).toThrow('Invalid cursor: use the `next` value of a previous page')
  })
})

describe.each(legs)('GET /v1/account/{account}/history on $name', (leg) => {
  const harness = routeHarness(leg)
  const account = '0x1111111111111111111111111111111111111111'

  const history = (query: string) =>
    harness.api.request(`/v1/account/${account}/history?projectId=app${query}`)

  it.each([
    ['an account that is none', () => harness.api.request('/v1/account/zz/history?projectId=app'), 'account'],
    ['a cursor that is garbage', () => history('&cursor=garbage'), 'cursor'],
    ['a limit of 0', () => history('&limit=0'), 'limit'],
    ['an onramp flag that is no boolean', () => history('&onramp=yes'), 'onramp'],
  ] as const)('answers %s with 400 naming the field', async (_, send, field) => {
    await expectFieldError(await send(), field)
  })

  it.each(crafted)('answers a cursor with %s with 400 naming the cursor', async (_, cursor) => {
    const response = await history(`&cursor=${cursor}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'cursor' })
  })

  it('pages on from a cursor at the bounds of the columns', async () => {
    // Two transactions at the last instant and the largest tx index the columns hold.
    const minedAt = new Date('9999-12-31T23:59:59.999Z')
    const rows = [0, 1].map((i) => ({
      chainId: 'eip155:1',
      hash: `0x${String(i).padStart(64, '0')}`,
      blockNumber: Number.MAX_SAFE_INTEGER - i,
      txIndex: 2 ** 31 - 1,
      minedAt,
    }))
    await harness.database.db.insert(chainTransactions).values(
      rows.map((row) => ({
        ...row,
        fromAddress: account,
        toAddress: null,
        value: '0',
        nonce: 0,
        success: true,
      })),
    )
    await harness.database.db
      .insert(accountActivity)
      .values(rows.map(({ hash, ...row }) => ({ ...row, txHash: hash, address: account })))

    const first = await history('&limit=1')
    expect(first.status).toBe(200)
    const page = (await first.json()) as { data: { metadata: { hash: string } }[]; next: string | null }
    expect(page.data.map((entry) => entry.metadata.hash)).toEqual([rows[0]!.hash])
    expect(decodeCursor(page.next!)).toEqual({
      minedAt: minedAt.toISOString(),
      chainId: 'eip155:1',
      blockNumber: Number.MAX_SAFE_INTEGER,
      txIndex: 2 ** 31 - 1,
    })
    const second = await history(`&limit=1&cursor=${page.next}`)
    expect(second.status).toBe(200)
    expect(await second.json()).toMatchObject({ data: [{ metadata: { hash: rows[1]!.hash } }], next: null })
    expect(harness.logs).toEqual([])
  })
})
