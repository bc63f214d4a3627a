// Scaling out the blockchain data API: the same client load (loopback fetch loops, spread round-robin
// over the processes) against 1 and then 3 API processes on one PostgreSQL server, the cached balance
// call, with the rate limits shared through PostgreSQL and, when a Redis answers, through Redis: every
// request takes a per-IP and a per-project token from the shared store (limits high enough to admit
// all). Rows with the limits kept in each process (`rateLimits.store: "process"`) show what sharing
// costs. Also the resident memory of each process after the load.
// Usage: npx tsx bench/api-scale.ts [seconds per scenario=5] [concurrency=16]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after)
//   BENCH_REDIS_URL (default redis://127.0.0.1:6379; the Redis rows are skipped when it does not answer)

import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevstack } from '@walletframe/devstack'
import pg from 'pg'
import * as ChildApi from '../apps/api/src/internal/childApi.js'
import { loadBalances, memoryMb } from './internal/httpLoad.js'

const seconds = Number(process.argv[2] ?? 5)
const concurrency = Number(process.argv[3] ?? 16)
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const chainId = 'eip155:1'

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) })
    const done = (answered: boolean) => {
      socket.destroy()
      resolve(answered)
    }
    socket.setTimeout(1_000, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/** `workers` loops issuing requests back to back for `seconds`, worker w against urls[w % n]. */
function load(urls: string[], workers: number) {
  return loadBalances({ workers, seconds, url: (worker) => urls[worker % urls.length]! })
}

const admin = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 })
try {
  await admin.connect()
} catch (error) {
  // `npm run bench` goes on without it: this one needs a PostgreSQL server.
  console.warn(`skipped: no PostgreSQL server at ${databaseUrl} (${(error as Error).message})`)
  process.exit(0)
}
const stack = await startDevstack({ solana: false, relay: false, quiet: true })
const dir = await mkdtemp(join(tmpdir(), 'wf-api-scale-'))
const schema = `bench_scale_${randomBytes(4).toString('hex')}`
const running: ChildApi.ChildApi[] = []
try {
  // Created up front: `create schema if not exists` from three processes at once can collide.
  await admin.query(`create schema "${schema}"`)
  const configFile = async (store: 'shared' | 'process') => {
    const path = join(dir, `config-${store}.json`)
    await writeFile(
      path,
      JSON.stringify({
        ...stack.chainsFile,
        projects: [{ id: 'bench', name: 'Bench' }],
        options: {
          rateLimits: {
            perProject: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
            perIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
            store,
          },
        },
      }),
    )
    return path
  }
  const configPaths = { shared: await configFile('shared'), process: await configFile('process') }
  const address = stack.chainsFile.accounts.evm[1]!.address
  const path = `/v1/account/${address}/balance?projectId=bench&chainId=${chainId}&currency=usd`

  const stores = ['each process', 'postgres', ...((await reachable(redisUrl)) ? ['redis'] : [])]
  if (!stores.includes('redis')) console.warn(`Redis at ${redisUrl} does not answer: no Redis rows`)
  const rows: Record<string, unknown>[] = []
  const memory: Record<string, unknown>[] = []
  for (const store of stores) {
    for (const count of [1, 3]) {
      const processes = await Promise.all(
        Array.from({ length: count }, () =>
          ChildApi.start({
            configPath: store === 'each process' ? configPaths.process : configPaths.shared,
            databaseUrl,
            dbSchema: schema,
            ...(store === 'redis' ? { redisUrl } : {}),
          }),
        ),
      )
      running.push(...processes)
      const urls = processes.map((p) => `${p.url}${path}`)
      // Fill each process's balance cache, then a short warm-up (JIT, pools) before measuring.
      for (const url of urls) await (await fetch(url)).text()
      await load(urls, concurrency)
      const result = await load(urls, concurrency)
      rows.push({ processes: count, 'limits in': store, concurrency, ...result })
      const rss = await Promise.all(processes.map(async (p) => (await memoryMb(p.pid)).rss))
      memory.push({ processes: count, 'limits in': store, 'RSS MB per process': rss.join(' / ') })
      await Promise.all(processes.map((p) => p.stop()))
    }
  }
  console.log(
    `cached balance (${chainId}, native + tokens), ${seconds} s per row after a ${seconds} s warm-up, ${concurrency} loops spread round-robin over the processes`,
  )
  console.table(rows)
  console.table(memory)
} finally {
  await Promise.allSettled(running.map((p) => p.stop()))
  await admin.query(`drop schema if exists "${schema}" cascade`).catch(() => {})
  await admin.end()
  await stack.stop()
  await rm(dir, { recursive: true, force: true })
}
