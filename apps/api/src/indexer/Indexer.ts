// Follows every configured EVM network, `reorgSafeDepth` blocks behind its head, and stores the
// transactions and transfers that the history endpoint serves. Progress is the per-chain cursor in
// the database, so a restarted process continues where the last one stopped. If a reorg deeper than
// the safe depth replaces the cursor's block, the indexer rewinds and indexes the new branch. Several
// processes on one PostgreSQL server each run this loop, but each chain is indexed by one of them, the
// holder of its lease (Lease.ts); the others follow the cursor in the database, and take over when the
// holder dies. The blocks it stores also settle the gas sponsorship charges of the operations they
// include (store.ts), so one process settles a chain's charges, with the blocks that say what they cost.
// Where the network has a WebSocket URL, a new head starts a round at once (heads.ts); the poll
// interval then only bounds how late a missed announcement is noticed.
import type { Hex } from 'viem'
import type { Options } from '../Config.js'
import type { Network, Networks } from '../chains/Networks.js'
import type { Db } from '../db/Database.js'
import * as EvmBlocks from './evmBlocks.js'
import { type WatchHeads, watchHeads as watchHeadsOverSocket } from './heads.js'
import * as Lease from './Lease.js'
import * as Store from './store.js'

export type ChainStatus = {
  /**
   * True while this process holds the chain's lease and indexes it; false while it follows the
   * cursor that another process moves.
   */
  indexing: boolean
  /** The first block this process asked for since it took the chain (shows where it resumed). */
  startedFrom?: number
  /** Highest block stored. */
  indexed?: number
  lastError?: string
}

export type Indexer = {
  start(): void
  stop(): Promise<void>
  /**
   * One round for one chain: index it if this process holds (or can take) its lease, else read the
   * cursor. True when it stored blocks (tests and the CLI drive it directly).
   */
  step(chainId: string): Promise<boolean>
  /** Resolves once `blockNumber` of `chainId` is stored, by this process or another. */
  waitFor(chainId: string, blockNumber: number, timeoutMs?: number): Promise<void>
  status(): Record<string, ChainStatus>
}

export declare namespace create {
  type Params = {
    db: Db
    networks: Networks
    options: Pick<Options, 'reorgSafeDepth' | 'indexer'>
    /** Who indexes each chain when processes share the database; this process alone by default. */
    lease?: Lease.Lease
    log?: (message: string) => void
    /** How new heads are announced (tests drive it by hand); newHeads over the network's WebSocket by default. */
    watchHeads?: WatchHeads
  }
}

export function create(params: create.Params): Indexer {
  const {
    db,
    networks,
    options,
    lease = Lease.sole(),
    log = (message) => console.error(`[indexer] ${message}`),
    watchHeads = watchHeadsOverSocket,
  } = params
  const depth = options.reorgSafeDepth
  const settings: Options['indexer'] = options.indexer
  const chains = [...networks.values()].filter((entry) => entry.network.chainNamespace === 'eip155')
  const status: Record<string, ChainStatus> = Object.fromEntries(
    chains.map((c) => [c.network.caipNetworkId, { indexing: false }]),
  )
  const waiters = new Set<{ chainId: string; blockNumber: number; resolve: () => void }>()
  const timers = new Map<string, NodeJS.Timeout>()
  const running = new Map<string, Promise<unknown>>()
  /** Chains with a round in flight, and those whose head moved during it (they go again at once). */
  const busy = new Set<string>()
  const headMoved = new Set<string>()
  const unwatch: Array<() => void> = []
  let stopped = true

  function notify(chainId: string, indexed: number): void {
    for (const waiter of waiters) {
      if (waiter.chainId === chainId && waiter.blockNumber <= indexed) {
        waiters.delete(waiter)
        waiter.resolve()
      }
    }
  }

  /** Genesis hash per chain, checked against the stored one on this process's first round. */
  const genesis = new Map<string, string>()

  async function checkGenesis(entry: Network): Promise<string> {
    const chainId = entry.network.caipNetworkId
    const known = genesis.get(chainId)
    if (known) return known
    const block = await entry.upstream.request<{ hash: string } | null>('eth_getBlockByNumber', [
      '0x0',
      false,
    ])
    if (!block) throw new Error('the node has no block 0')
    const stored = await Store.readGenesis(db, chainId)
    // A devnet restarted under the same chain id (npm start with a kept data directory) is a new
    // chain: its block numbers say nothing about the rows stored for the old one.
    if (stored && stored !== block.hash) {
      log(`${chainId}: the chain was replaced (new genesis block); forgetting its indexed history`)
      await Store.reset(db, chainId)
    }
    genesis.set(chainId, block.hash)
    return block.hash
  }

  async function step(entry: Network): Promise<boolean> {
    const chainId = entry.network.caipNetworkId
    const state = status[chainId]!
    const genesisHash = await checkGenesis(entry)
    const head = Number(await entry.upstream.request<Hex>('eth_blockNumber'))
    const target = head - depth
    if (target < 0) return false
    const cursor = await Store.readCursor(db, chainId)
    let from: number
    if (cursor) from = cursor.blockNumber + 1
    else {
      const start = settings.startBlock[chainId] ?? 0
      from = start === 'latest' ? target : Math.min(start, target)
    }
    if (cursor && cursor.blockNumber > head) {
      // The chain is shorter than what was stored: replaced or reorged; check again from genesis.
      genesis.delete(chainId)
      const [ancestor] = await EvmBlocks.fetchRange(entry.upstream, chainId, target, target)
      log(
        `${chainId}: head ${head} is below the stored block ${cursor.blockNumber}; re-indexing from ${target + 1}`,
      )
      await Store.rewind(db, chainId, { blockNumber: target, blockHash: ancestor!.hash })
      return true
    }
    if (from > target) {
      if (cursor) {
        state.indexed = cursor.blockNumber
        notify(chainId, cursor.blockNumber)
      }
      return false
    }
    state.startedFrom ??= from
    const to = Math.min(target, from + settings.batchBlocks - 1)
    const blocks = await EvmBlocks.fetchRange(entry.upstream, chainId, from, to)
    if (cursor && blocks[0]!.parentHash !== cursor.blockHash) {
      // The stored tip is no longer on the canonical chain: go back far enough to be below the
      // fork, with the canonical hash of that block, and index forward again.
      const back = Math.max(0, cursor.blockNumber - Math.max(depth, 1) * 4)
      const [ancestor] = await EvmBlocks.fetchRange(entry.upstream, chainId, back, back)
      log(`${chainId}: reorg below block ${cursor.blockNumber}; re-indexing from ${back + 1}`)
      genesis.delete(chainId)
      await Store.rewind(db, chainId, { blockNumber: back, blockHash: ancestor!.hash })
      return true
    }
    const written = await Store.append(db, chainId, cursor, blocks, genesisHash)
    if (written) {
      state.indexed = to
      notify(chainId, to)
    }
    return written
  }

  /** Indexes the chain while this process holds its lease; otherwise reads how far the holder got. */
  async function round(entry: Network): Promise<boolean> {
    const chainId = entry.network.caipNetworkId
    const state = status[chainId]!
    const holding = await lease.acquire(chainId)
    if (holding && !state.indexing) {
      // Another process may have replaced the chain's rows while this one followed: check genesis anew.
      genesis.delete(chainId)
      delete state.startedFrom
    }
    state.indexing = holding
    if (holding) return step(entry)
    const cursor = await Store.readCursor(db, chainId)
    if (cursor) {
      state.indexed = cursor.blockNumber
      notify(chainId, cursor.blockNumber)
    }
    return false
  }

  /** Lets the chain go after a failed round, so a process whose upstream works can take it over. */
  async function giveUp(chainId: string): Promise<void> {
    const state = status[chainId]!
    if (!state.indexing) return
    state.indexing = false
    await lease.release(chainId).catch(() => {})
  }

  function schedule(entry: Network, delayMs: number): void {
    if (stopped) return
    const chainId = entry.network.caipNetworkId
    timers.set(
      chainId,
      setTimeout(() => {
        busy.add(chainId)
        headMoved.delete(chainId)
        const pending = round(entry).then(
          (more) => {
            busy.delete(chainId)
            delete status[chainId]!.lastError
            // Catching up, or a block arrived meanwhile: go again at once; else wait for a head or the poll.
            schedule(entry, more || headMoved.delete(chainId) ? 0 : settings.pollIntervalMs)
          },
          async (error: unknown) => {
            busy.delete(chainId)
            const message = (error as Error).message
            // Log a failure once per distinct message, not once per poll.
            if (status[chainId]!.lastError !== message) log(`${chainId}: ${message}`)
            status[chainId]!.lastError = message
            await giveUp(chainId)
            schedule(entry, settings.pollIntervalMs)
          },
        )
        running.set(chainId, pending)
      }, delayMs),
    )
  }

  /** A new head: run the chain's round now, or right after the one in flight. */
  function wake(entry: Network): void {
    const chainId = entry.network.caipNetworkId
    if (stopped) return
    if (busy.has(chainId)) {
      headMoved.add(chainId)
      return
    }
    // A failing chain keeps its poll's pace: a head is no sign that what failed works again.
    if (status[chainId]!.lastError) return
    clearTimeout(timers.get(chainId))
    schedule(entry, 0)
  }

  return {
    start() {
      if (!stopped || !settings.enabled) return
      stopped = false
      for (const entry of chains) {
        schedule(entry, 0)
        const urls = entry.network.rpcUrls.default.webSocket ?? []
        if (urls.length === 0) continue
        const chainId = entry.network.caipNetworkId
        let reported = false
        unwatch.push(
          watchHeads(
            urls,
            () => {
              reported = false
              wake(entry)
            },
            (error) => {
              // Once per outage: the poll carries on without the subscription, and a node that stays
              // down would otherwise log every retry.
              if (!reported)
                log(`${chainId}: new-heads subscription failed (${error.message.split('\n')[0]}); polling`)
              reported = true
            },
          ),
        )
      }
    },
    async stop() {
      stopped = true
      for (const stopWatching of unwatch.splice(0)) stopWatching()
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      await Promise.allSettled(running.values())
      // Hand the chains over now rather than when the lease expires.
      await Promise.all(Object.keys(status).map(giveUp))
    },
    step(chainId) {
      const entry = chains.find((c) => c.network.caipNetworkId === chainId)
      if (!entry) return Promise.reject(new Error(`${chainId} is not an indexed network`))
      return round(entry)
    },
    waitFor(chainId, blockNumber, timeoutMs = 15_000) {
      const indexed = status[chainId]?.indexed
      if (indexed !== undefined && indexed >= blockNumber) return Promise.resolve()
      return new Promise((resolve, reject) => {
        let poll: NodeJS.Timeout | undefined
        const waiter = {
          chainId,
          blockNumber,
          resolve: () => {
            clearTimeout(timer)
            clearTimeout(poll)
            resolve()
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          clearTimeout(poll)
          reject(new Error(`${chainId} block ${blockNumber} not indexed within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(waiter)
        // While this process's loop runs, its rounds read the cursor. Without it (not started, or
        // stopped) read it here: whichever process moves it, the database has it.
        const check = async () => {
          if (stopped) {
            const cursor = await Store.readCursor(db, chainId).catch(() => undefined)
            if (cursor) notify(chainId, cursor.blockNumber)
          }
          if (waiters.has(waiter)) poll = setTimeout(check, settings.pollIntervalMs)
        }
        void check()
      })
    },
    status: () => structuredClone(status),
  }
}
