// Against the Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379); three connections stand in for
// three API processes. Without that Redis the file is skipped with a notice; under CI=true it fails.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as RedisLimits from './redis.js'

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function reachable(): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 })
  probe.on('error', () => {})
  try {
    await probe.connect()
    await probe.ping()
    return true
  } catch (error) {
    const reason = `Redis at ${url} is not reachable: ${(error as Error).message}`
    if (process.env.CI === 'true') throw new Error(`${reason} (required under CI=true)`)
    console.warn(`[api tests] the Redis limit tests did NOT run — ${reason}`)
    return false
  } finally {
    probe.disconnect()
  }
}

const available = await reachable()
const used: string[] = []
const key = () => {
  const k = `test:${randomBytes(4).toString('hex')}`
  used.push(`${RedisLimits.keyPrefix}${k}`)
  return k
}

describe.runIf(available)('open', () => {
  let admin: Redis
  beforeAll(() => {
    admin = new Redis(url)
  })
  afterAll(async () => {
    if (used.length > 0) await admin?.del(...used)
    await admin?.quit()
  })

  it('grants `capacity` takes in total to stores racing on one key, each on its own connection', async () => {
    const stores = await Promise.all([0, 1, 2].map(() => RedisLimits.open(url)))
    const rule = { capacity: 10, refillPerSecond: 0.001 }
    const k = key()
    const waits = await Promise.all(Array.from({ length: 45 }, (_, i) => stores[i % 3]!.take(k, rule)))
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10)
    expect(new Set(waits.filter((wait) => wait > 0))).toEqual(new Set([1000]))
    // The key expires when its bucket is full again.
    const ttl = await admin.pttl(`${RedisLimits.keyPrefix}${k}`)
    expect(ttl).toBeGreaterThan(9_000_000)
    expect(ttl).toBeLessThanOrEqual(10_000_000)
    await Promise.all(stores.map((store) => store.close()))
  })

  it('answers the wait until the next token, and admits once the bucket has refilled', async () => {
    const store = await RedisLimits.open(url)
    const rule = { capacity: 2, refillPerSecond: 0.5 }
    const k = key()
    expect([await store.take(k, rule), await store.take(k, rule), await store.take(k, rule)]).toEqual([
      0, 0, 2,
    ])
    // Two seconds pass, for the bucket: one token back.
    const stored = `${RedisLimits.keyPrefix}${k}`
    await admin.set(stored, String(Number(await admin.get(stored)) - 2_000), 'KEEPTTL')
    const later = await RedisLimits.open(url)
    expect(await later.take(k, rule)).toBe(0)
    expect(await later.take(k, rule)).toBe(2)
    await Promise.all([store.close(), later.close()])
  })

  it('refuses to start without an answering Redis, naming it without its password', async () => {
    await expect(RedisLimits.open('redis://user:secret@127.0.0.1:1')).rejects.toThrow(
      /^Cannot reach Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/,
    )
  })
})
