// Rate limits shared through Redis (options.redisUrl or $REDIS_URL): one script call per take, the
// GCRA arithmetic of gcra.ts run by Redis itself on the key's one string, with Redis's clock, and an
// expiry at the moment the bucket is full again (so idle keys vanish on their own).
import type { Redis } from 'ioredis'
import type { Grant, Rule } from './gcra.js'
import * as LimitStore from './LimitStore.js'

/** Every key this API writes starts with this. */
export const keyPrefix = 'walletframe:limit:'

// KEYS[1] the bucket; ARGV: interval (ms per token), tolerance (capacity × interval, ms), count.
// Returns { granted, tat - now in ms as text } (Redis truncates Lua numbers to integers).
const script = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local count = tonumber(ARGV[3])
local base = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
local granted = math.max(0, math.min(count, math.floor((tolerance - (base - now)) / interval + 1e-9)))
local tat = base + granted * interval
if granted > 0 then
  redis.call('SET', KEYS[1], string.format('%.3f', tat), 'PX', math.max(1, math.ceil(tat - now)))
end
return { granted, string.format('%.3f', tat - now) }
`

type Scripted = Redis & {
  walletframeTake(key: string, interval: number, tolerance: number, count: number): Promise<[number, string]>
}

export declare namespace open {
  type Options = {
    /** Upper bound on one Redis round trip; a slower answer fails the take (and the limiter admits). */
    commandTimeoutMs?: number
    log?: (message: string) => void
  }
}

/** Connects (failing when Redis does not answer) and returns the store. */
export async function open(url: string, options: open.Options = {}): Promise<LimitStore.LimitStore> {
  const { commandTimeoutMs = 1_000, log = (message) => console.error(`[api] ${message}`) } = options
  // Loaded only when Redis is configured.
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    commandTimeout: commandTimeoutMs,
    // While disconnected, fail at once instead of queueing requests behind the reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  }) as Scripted
  // Before the first connection the thrown error says it all; after it, ioredis reconnects on its own
  // and each distinct failure is logged once.
  let connected = false
  let lastError: string | undefined
  redis.on('error', (error: Error) => {
    if (connected && error.message !== lastError) log(`rate limits: redis: ${error.message}`)
    lastError = error.message
  })
  redis.on('ready', () => {
    lastError = undefined
  })
  try {
    await redis.connect()
    connected = true
  } catch (error) {
    redis.disconnect()
    throw new Error(`Cannot reach Redis at ${redacted(url)}: ${(error as Error).message}`)
  }
  redis.defineCommand('walletframeTake', { numberOfKeys: 1, lua: script })
  return LimitStore.shared({
    take: (key, rule, count) => take(redis, key, rule, count),
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  })
}

async function take(redis: Scripted, key: string, rule: Rule, count: number): Promise<Grant> {
  const interval = 1000 / rule.refillPerSecond
  const tolerance = rule.capacity * interval
  const [granted, ahead] = await redis.walletframeTake(`${keyPrefix}${key}`, interval, tolerance, count)
  return { granted, waitSeconds: Math.max(0, Number(ahead) + interval - tolerance) / 1000 }
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the configured URL'
  }
}
