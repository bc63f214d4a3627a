// Runs on PGlite and, when reachable, on the PostgreSQL server (see internal/testing.ts).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { main } from '../cli.js'
import * as EvmBlocks from '../indexer/evmBlocks.js'
import * as Store from '../indexer/store.js'
import { backends, openServerSchema, serverLegAvailable, testDatabaseUrl } from '../internal/testing.js'
import * as Database from './Database.js'
import * as History from './history.js'
import * as Projects from './projects.js'
import { analyticsEvents } from './schema.js'

const legs = await backends('database')

const alice = '0x1111111111111111111111111111111111111111'
const bob = '0x2222222222222222222222222222222222222222'
const usdc = '0x3333333333333333333333333333333333333333'
const transferTopic = EvmBlocks.transferTopic

const hex = (n: number | bigint) => `0x${n.toString(16)}` as `0x${string}`
const word = (address: string) => `0x${address.slice(2).padStart(64, '0')}` as `0x${string}`
const hash = (chain: number, block: number, i: number) =>
  `0x${chain.toString(16).padStart(8, '0')}${block.toString(16).padStart(8, '0')}${i.toString(16).padStart(48, '0')}` as `0x${string}`
const blockHash = (chain: number, block: number, fork = 0) => hash(chain + 1000 * fork, block, 999)

/** A block as eth_getBlockByNumber(true) + eth_getBlockReceipts give it: alice pays bob 1 wei and 5 USDC units. */
function block(chain: number, number: number, fork = 0) {
  const txs = [0, 1].map((i) => ({
    hash: hash(chain + 1000 * fork, number, i),
    from: alice as `0x${string}`,
    to: (i === 0 ? bob : usdc) as `0x${string}`,
    value: hex(i === 0 ? 1 : 0),
    nonce: hex(number * 2 + i),
    transactionIndex: hex(i),
  }))
  return EvmBlocks.toRows(
    `eip155:${chain}`,
    {
      number: hex(number),
      hash: blockHash(chain, number, fork),
      parentHash: blockHash(chain, number - 1, fork),
      timestamp: hex(1_700_000_000 + number * 12),
      transactions: txs,
    },
    txs.map((tx, i) => ({
      transactionHash: tx.hash,
      status: '0x1' as `0x${string}`,
      logs:
        i === 1
          ? [
              {
                address: usdc as `0x${string}`,
                topics: [transferTopic, word(alice), word(bob)],
                data: word(hex(5)),
                logIndex: '0x0' as `0x${string}`,
              },
            ]
          : [],
    })),
  )
}

describe.each(legs)('database on $name', (leg) => {
  let database: Database.Database
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ database, close } = await leg.open())
    await database.migrate()
  })
  afterAll(() => close?.())

  describe('migrate', () => {
    it('is idempotent', async () => {
      await database.migrate()
      const result = (await database.db.execute(sql`select count(*)::int as n from projects`)) as unknown as {
        rows: { n: number }[]
      }
      expect(result.rows[0]!.n).toBeGreaterThanOrEqual(0)
    })
  })

  describe('projects', () => {
    it('creates, finds, lists and upserts', async () => {
      const created = await Projects.create(database.db, {
        name: 'Shop',
        allowedOrigins: ['https://shop.example'],
      })
      expect(created.id).toMatch(/^[0-9a-f]{32}$/)
      expect(await Projects.find(database.db, created.id)).toMatchObject({
        name: 'Shop',
        analyticsEnabled: true,
      })
      await Projects.upsert(database.db, { id: 'fixed', name: 'One', allowedOrigins: [] })
      await Projects.upsert(database.db, {
        id: 'fixed',
        name: 'Two',
        allowedOrigins: ['http://a.test'],
        analyticsEnabled: false,
      })
      expect(await Projects.find(database.db, 'fixed')).toMatchObject({
        name: 'Two',
        allowedOrigins: ['http://a.test'],
        analyticsEnabled: false,
      })
      expect((await Projects.list(database.db)).map((p) => p.id)).toEqual(
        expect.arrayContaining([created.id, 'fixed']),
      )
      await expect(
        Projects.create(database.db, { id: 'fixed', name: 'dup', allowedOrigins: [] }),
      ).rejects.toThrow()
    })
  })

  describe('walletframe-api project (CLI)', () => {
    it('creates and lists projects, and rejects a bad origin naming it', async () => {
      // The CLI opens and closes its database per command; here it gets this leg's, kept open.
      const open = async () => ({ ...database, close: async () => {} })
      const out: string[] = []
      const err: string[] = []
      const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line))
      const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line))
      try {
        const args = ['project', 'create', '--name', 'Demo', '--origin', 'https://demo.test', '--id', 'demo']
        expect(await main(args, { open })).toBe(0)
        expect(JSON.parse(out.join('\n'))).toMatchObject({
          id: 'demo',
          allowedOrigins: ['https://demo.test'],
        })
        out.length = 0
        expect(await main(['project', 'list'], { open })).toBe(0)
        expect(out).toContain('demo\tDemo\thttps://demo.test')
        const bad = ['project', 'create', '--name', 'Bad', '--origin', 'https://demo.test/path']
        expect(await main(bad, { open })).toBe(1)
        expect(err.join('\n')).toContain('Invalid --origin')
        expect(await main(['project', 'create'], { open })).toBe(1)
        expect(err.join('\n')).toContain('--name')
        expect(await main(['nonsense'], { open })).toBe(2)
      } finally {
        log.mockRestore()
        error.mockRestore()
      }
    })
  })

  describe('analytics events', () => {
    it('stores a retried event once', async () => {
      const row = {
        projectId: 'fixed',
        eventId: 'e-1',
        url: 'https://a.test/x',
        domain: 'a.test',
        occurredAt: new Date(),
        props: { event: 'MODAL_OPEN' },
      }
      await database.db.insert(analyticsEvents).values(row).onConflictDoNothing()
      await database.db.insert(analyticsEvents).values(row).onConflictDoNothing()
      const rows = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventId, 'e-1'))
      expect(rows).toHaveLength(1)
      expect(rows[0]!.props).toEqual({ event: 'MODAL_OPEN' })
    })
  })

  describe('indexer store and history pages', () => {
    it('appends blocks, refuses a stale cursor, pages newest first across chains', async () => {
      expect(await Store.append(database.db, 'eip155:1', undefined, [block(1, 1), block(1, 2)])).toBe(true)
      // Another writer already moved the cursor: nothing is written.
      expect(await Store.append(database.db, 'eip155:1', undefined, [block(1, 3)])).toBe(false)
      const cursor = await Store.readCursor(database.db, 'eip155:1')
      expect(cursor).toEqual({ blockNumber: 2, blockHash: blockHash(1, 2) })
      expect(await Store.append(database.db, 'eip155:1', cursor, [block(1, 3)])).toBe(true)
      expect(await Store.append(database.db, 'eip155:8453', undefined, [block(8453, 2)])).toBe(true)

      const seen: string[] = []
      let after: History.PageKey | undefined
      for (let pages = 0; pages < 10; pages++) {
        const page = await History.page(database.db, { address: alice, after, limit: 3 })
        seen.push(
          ...page.rows.map(
            (row) => `${row.transaction.chainId}/${row.transaction.blockNumber}/${row.transaction.txIndex}`,
          ),
        )
        if (!page.next) break
        after = page.next
      }
      // Block 3 of chain 1 is newest; at equal times chain ids sort descending (eip155:8453 > eip155:1).
      expect(seen).toEqual([
        'eip155:1/3/1',
        'eip155:1/3/0',
        'eip155:8453/2/1',
        'eip155:8453/2/0',
        'eip155:1/2/1',
        'eip155:1/2/0',
        'eip155:1/1/1',
        'eip155:1/1/0',
      ])
      const usdcTx = await History.page(database.db, { address: bob, chainId: 'eip155:8453', limit: 10 })
      expect(usdcTx.rows).toHaveLength(2)
      expect(usdcTx.rows[0]!.transfers).toMatchObject([{ standard: 'erc20', contract: usdc, amount: '5' }])
      expect(usdcTx.rows[1]!.transfers).toMatchObject([{ standard: 'native', amount: '1' }])
    })

    it('lets only one of two concurrent writers append from the same cursor', async () => {
      const cursor = await Store.readCursor(database.db, 'eip155:1')
      const results = await Promise.all([
        Store.append(database.db, 'eip155:1', cursor, [block(1, 4)]),
        Store.append(database.db, 'eip155:1', cursor, [block(1, 4, 1)]),
      ])
      expect(results.filter(Boolean)).toHaveLength(1)
    })

    it('rewinds: rows above the new cursor are gone', async () => {
      await Store.rewind(database.db, 'eip155:1', { blockNumber: 1, blockHash: blockHash(1, 1) })
      const page = await History.page(database.db, { address: alice, chainId: 'eip155:1', limit: 50 })
      expect(page.rows.map((row) => row.transaction.blockNumber)).toEqual([1, 1])
      expect(await Store.readCursor(database.db, 'eip155:1')).toEqual({
        blockNumber: 1,
        blockHash: blockHash(1, 1),
      })
    })
  })
})

describe('several schemas and processes on one server', async () => {
  const available = await serverLegAvailable()
  it.runIf(available)(
    'a chain being indexed in one schema does not stop another schema indexing it',
    async () => {
      const [busy, other] = await Promise.all([openServerSchema('busy'), openServerSchema('other')])
      try {
        await Promise.all([busy.database.migrate(), other.database.migrate()])
        await busy.database.db.transaction(async (tx) => {
          // `busy` is indexing eip155:1: its lock is held until this transaction ends.
          expect(await Store.lock(tx as typeof busy.database.db, 'eip155:1')).toBe(true)
          expect(await Store.append(busy.database.db, 'eip155:1', undefined, [block(1, 1)])).toBe(false)
          expect(await Store.append(other.database.db, 'eip155:1', undefined, [block(1, 1)])).toBe(true)
        })
      } finally {
        await Promise.all([busy.drop(), other.drop()])
      }
    },
  )

  it.runIf(available)('all open it: the loser of the create race does not fail', async () => {
    const schema = `t_race_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
    const opened = await Promise.all(
      Array.from({ length: 6 }, () => Database.open({ databaseUrl: testDatabaseUrl, schema })),
    )
    try {
      for (const database of opened) await database.db.execute(sql`select 1`)
    } finally {
      await Promise.all(opened.map((database) => database.close()))
      const cleanup = await Database.open({ databaseUrl: testDatabaseUrl })
      await cleanup.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`))
      await cleanup.close()
    }
  })
})
