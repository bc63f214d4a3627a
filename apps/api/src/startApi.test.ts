// Three API processes (real children, internal/childApi.ts) on one PostgreSQL database, in a schema of
// their own, over the devstack's anvil chains: each chain is indexed by one of them, a SIGKILL of that
// one mid-indexing hands the chain to another with history exact, and the limits hold across all
// three: a per-IP limit, the email cooldown, the code tries per address and single-use device proofs.
// Needs the server at TEST_DATABASE_URL (internal/testing.ts); skipped with a notice without it.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevstack, startMailCatcher } from '@walletframe/devstack'
import { type EmailStartResponse, HistoryResponse } from '@walletframe/protocol'
import { sql } from 'drizzle-orm'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { authSecret, type Device, frameOrigin, newDevice } from './auth/testing.js'
import type { ApiConfigInput } from './Config.js'
import * as Database from './db/Database.js'
import * as ChildApi from './internal/childApi.js'
import { devnetClients } from './internal/devnetClients.js'
import { serverLegAvailable, testDatabaseUrl } from './internal/testing.js'

const available = await serverLegAvailable()

type Stack = Awaited<ReturnType<typeof startDevstack>>

const chainId = 'eip155:8453'
// Generous: three processes start side by side on two cores, and a lease runs out after 1 s.
const patience = { timeout: 45_000, interval: 20 }
// The per-IP limit under test (the test's own requests each come from another forwarded address).
const perIpCapacity = 10
// Fewer than a code's own 5, so the address's budget is what refuses.
const triesPerAddress = 3

describe.runIf(available)('three API processes on one PostgreSQL database', () => {
  let stack: Stack
  let dir: string
  let schema: string
  let database: Database.Database
  let children: ChildApi.ChildApi[] = []
  let mail: Awaited<ReturnType<typeof startMailCatcher>>
  let ip = 0
  /** A fresh forwarded address per request, so only the limit test meets the per-IP limit. */
  const fromNewIp = () => ({ 'x-forwarded-for': `192.0.2.${++ip}` })

  beforeAll(async () => {
    stack = await startDevstack({ solana: false, relay: false, quiet: true })
    mail = await startMailCatcher()
    dir = await mkdtemp(join(tmpdir(), 'wf-api-processes-'))
    schema = `t_processes_${randomBytes(4).toString('hex')}`
    // Created up front: `create schema if not exists` from three processes at once can still collide.
    database = await Database.open({ databaseUrl: testDatabaseUrl, schema })
    const config: ApiConfigInput = {
      ...stack.chainsFile,
      projects: [{ id: 'app', name: 'App' }],
      options: {
        reorgSafeDepth: 0,
        trustProxy: true,
        indexer: { pollIntervalMs: 50, batchBlocks: 2, leaseMs: 1_000 },
        rateLimits: {
          perIp: { capacity: perIpCapacity, refillPerSecond: 0.001 },
          perProject: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
        },
        frameOrigins: [frameOrigin],
        auth: {
          secret: authSecret,
          email: { smtpUrl: mail.smtpUrl, ignoreTLS: true },
          emailStartsPerIp: { capacity: 1_000, refillPerSecond: 100 },
          codeTriesPerAddress: { capacity: triesPerAddress, refillPerSecond: 0.0001 },
        },
      },
    }
    const configPath = join(dir, 'config.json')
    await writeFile(configPath, JSON.stringify(config))
    // Side by side: they also race to migrate the empty schema.
    children = await Promise.all(
      [0, 1, 2].map(() => ChildApi.start({ configPath, databaseUrl: testDatabaseUrl, dbSchema: schema })),
    )
  })

  afterAll(async () => {
    await Promise.allSettled(children.map((child) => child.stop()))
    await stack?.stop()
    await mail?.stop()
    await database?.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`))
    await database?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const clients = () => devnetClients(stack.chainsFile, chainId)

  async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
    return ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows
  }

  async function cursor(chain: string): Promise<number> {
    const [row] = await query<{ n: number }>(
      sql`select block_number::int as n from indexer_cursors where chain_id = ${chain}`,
    )
    return row?.n ?? -1
  }

  async function holderPid(chain: string): Promise<number | undefined> {
    const [row] = await query<{ holder: string }>(
      sql`select holder from indexer_leases where chain_id = ${chain} and expires_at > now()`,
    )
    return row ? Number(row.holder.split(':').at(-2)) : undefined
  }

  /** Every transaction hash the chain has in blocks 0..to, read from the node in JSON-RPC batches. */
  async function chainHashes(chain: string, to: number): Promise<string[]> {
    const url = stack.chainsFile.networks.find((n) => n.caipNetworkId === chain)!.rpcUrls.default.http[0]!
    const hashes: string[] = []
    for (let from = 0; from <= to; from += 200) {
      const numbers = Array.from({ length: Math.min(200, to - from + 1) }, (_, i) => from + i)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          numbers.map((n) => ({
            jsonrpc: '2.0',
            id: n,
            method: 'eth_getBlockByNumber',
            params: [`0x${n.toString(16)}`, false],
          })),
        ),
      })
      const blocks = (await response.json()) as { result: { transactions: string[] } }[]
      for (const block of blocks) hashes.push(...block.result.transactions)
    }
    return hashes.sort()
  }

  it('admits a per-IP limit of N requests in total across the processes', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 3 * perIpCapacity }, async (_, i) => {
        const child = children[i % children.length]!
        const response = await fetch(`${child.url}/v1/supported-chains?projectId=app`, {
          headers: { 'x-forwarded-for': '198.51.100.7' },
        })
        await response.body?.cancel()
        return response.status
      }),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(perIpCapacity)
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * perIpCapacity)
  })

  /** POSTs JSON to child `i` as the frame does. */
  const post = (i: number, path: string, body: unknown) =>
    fetch(`${children[i % children.length]!.url}${path}?projectId=app`, {
      method: 'POST',
      headers: { origin: frameOrigin, 'content-type': 'application/json', ...fromNewIp() },
      body: JSON.stringify(body),
    })

  async function emailAttempt(email: string, device: Device) {
    const started = await post(0, '/v1/auth/email/start', { email, deviceKey: device.publicKey })
    expect(started.status).toBe(200)
    const { attemptId } = (await started.json()) as EmailStartResponse
    const code = /\b(\d{6})\b/.exec((await mail.next(email, { after: 0 })).text)![1]!
    return { attemptId, code }
  }

  it('holds the email cooldown, the tries per address and single-use proofs across the processes', async () => {
    const email = `processes-${Date.now()}@example.test`
    const device = await newDevice()
    const { attemptId, code } = await emailAttempt(email, device)
    // The same address at all three at once: the cooldown admits none of them.
    const again = await Promise.all(
      [0, 1, 2].map((i) => post(i, '/v1/auth/email/start', { email, deviceKey: device.publicKey })),
    )
    expect(again.map((response) => response.status)).toEqual([429, 429, 429])
    // Wrong codes at all three at once: the address's budget is spent once in total, then even the
    // right code waits.
    const wrong = code === '000000' ? '111111' : '000000'
    const guesses = await Promise.all(
      Array.from({ length: 9 }, async (_, i) =>
        post(i, '/v1/auth/email/verify', {
          attemptId,
          otp: wrong,
          proof: await device.connectProof(attemptId, Date.now() + i),
        }),
      ),
    )
    const codes = await Promise.all(guesses.map(async (r) => ((await r.json()) as { code: string }).code))
    expect(codes.filter((c) => c === 'INVALID_OTP')).toHaveLength(triesPerAddress)
    expect(codes.filter((c) => c === 'OTP_ADDRESS_LOCKED')).toHaveLength(9 - triesPerAddress)
    const right = await post(1, '/v1/auth/email/verify', {
      attemptId,
      otp: code,
      proof: await device.connectProof(attemptId),
    })
    expect(right.status).toBe(429)

    // One proof at all three at once: one process takes it, the others see a replay.
    const other = `processes-proof-${Date.now()}@example.test`
    const second = await emailAttempt(other, device)
    const proof = await device.connectProof(second.attemptId)
    const answers = await Promise.all(
      [0, 1, 2].map((i) =>
        post(i, '/v1/auth/email/verify', { attemptId: second.attemptId, otp: second.code, proof }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401])
  })

  it('indexes each chain in one process; a SIGKILL mid-indexing hands it to another, history exact', {
    timeout: 120_000,
  }, async () => {
    const c = clients()
    const recipient = privateKeyToAccount(generatePrivateKey()).address.toLowerCase()
    // The three are up and one of them holds the chain: exactly that one says it indexes it.
    await vi.waitFor(async () => expect(await holderPid(chainId)).toBeDefined(), patience)
    await vi.waitFor(async () => {
      const pid = await holderPid(chainId)
      const indexing = await Promise.all(children.map(async (child) => (await child.status())[chainId]))
      expect(children.filter((_, i) => indexing[i]!.indexing).map((child) => child.pid)).toEqual([pid])
    }, patience)

    // Ten transfers, then 500 empty blocks (anvil mines them one by one for seconds): the holder is
    // busy indexing them when it is killed.
    const sent: Hex[] = []
    const transfer = async () => {
      const hash = await c.wallet(6).sendTransaction({ to: recipient as Hex, value: BigInt(sent.length + 1) })
      sent.push(hash)
      return (await c.public.waitForTransactionReceipt({ hash })).blockNumber
    }
    const firstTransferBlock = Number(await transfer())
    for (let i = 0; i < 9; i++) await transfer()
    const mining = c.test.mine({ blocks: 500 })
    await vi.waitFor(
      async () => expect(await cursor(chainId)).toBeGreaterThanOrEqual(firstTransferBlock),
      patience,
    )
    const victimPid = (await holderPid(chainId))!
    const victim = children.find((child) => child.pid === victimPid)!
    await victim.stop('SIGKILL')
    const cursorAtKill = await cursor(chainId)
    await mining
    expect(cursorAtKill).toBeLessThan(Number(await c.public.getBlockNumber({ cacheTime: 0 })))
    const survivors = children.filter((child) => child !== victim)

    // The chain moves on while nobody indexes it; another process takes it once the dead one's lease
    // runs out, and indexes the backlog and what follows.
    for (let i = 0; i < 10; i++) await transfer()
    await vi.waitFor(async () => {
      for (const network of stack.chainsFile.networks) {
        expect(survivors.map((child) => child.pid)).toContain(await holderPid(network.caipNetworkId))
      }
    }, patience)
    for (let i = 0; i < 5; i++) await transfer()
    const lastBlock = Number(await c.public.getBlockNumber({ cacheTime: 0 }))
    await vi.waitFor(async () => expect(await cursor(chainId)).toBeGreaterThanOrEqual(lastBlock), patience)

    // Exact: every transaction of every chain, once, as the nodes have them, up to each cursor.
    for (const network of stack.chainsFile.networks) {
      const chain = network.caipNetworkId
      const upTo = await cursor(chain)
      const stored = await query<{ hash: string }>(
        sql`select hash from chain_transactions where chain_id = ${chain} and block_number <= ${upTo}`,
      )
      expect(stored.map((row) => row.hash).sort()).toEqual(await chainHashes(chain, upTo))
    }
    // The recipient's history, as any surviving process serves it: each transfer once, newest first.
    for (const child of survivors) {
      const response = await fetch(`${child.url}/v1/account/${recipient}/history?projectId=app&limit=100`, {
        headers: fromNewIp(),
      })
      const history = HistoryResponse.parse(await response.json())
      expect(history.data.map((entry) => entry.metadata.hash)).toEqual([...sent].reverse())
    }
    // The new holder resumed from the cursor (it did not start over), and it alone indexes the chain.
    const pid = await holderPid(chainId)
    const statuses = await Promise.all(survivors.map((child) => child.status()))
    expect(survivors.filter((_, i) => statuses[i]![chainId]!.indexing).map((child) => child.pid)).toEqual([
      pid,
    ])
    const taker = statuses[survivors.findIndex((child) => child.pid === pid)]![chainId]!
    expect(taker.startedFrom).toBeGreaterThan(cursorAtKill)
    // Followers know how far it got (their waitFor resolves on it).
    for (const status of statuses) expect(status[chainId]!.indexed).toBeGreaterThanOrEqual(firstTransferBlock)
  })
})
