// The indexer against a real anvil chain: what it stores, where it resumes, how it survives a reorg.
import { startDevstack } from '@walletframe/devstack'
import { HistoryResponse } from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import { type Address, erc721Abi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiConfigInput } from '../Config.js'
import * as Config from '../Config.js'
import * as Database from '../db/Database.js'
import { indexerCursors } from '../db/schema.js'
import { devnetClients } from '../internal/devnetClients.js'
import { startApi } from '../startApi.js'
import * as Indexer from './Indexer.js'

type Stack = Awaited<ReturnType<typeof startDevstack>>

let stack: Stack
let database: Database.Database
let config: ApiConfigInput
const chainId = 'eip155:8453'

beforeAll(async () => {
  // One after the other: PGlite's start keeps this thread busy for seconds, long enough for the
  // devstack's own RPC calls (made from this process) to time out.
  stack = await startDevstack({ solana: false, quiet: true })
  database = await Database.open()
  config = {
    ...stack.chainsFile,
    projects: [{ id: 'app', name: 'App' }],
    options: { reorgSafeDepth: 0, indexer: { batchBlocks: 20 } },
  }
})

afterAll(async () => {
  await database?.close()
  await stack?.stop()
})

const clients = () => devnetClients(stack.chainsFile, chainId)

async function catchUp(indexer: Indexer.Indexer): Promise<void> {
  while (await indexer.step(chainId)) {}
}

async function history(url: string, address: string) {
  const response = await fetch(`${url}/v1/account/${address}/history?projectId=app&chainId=${chainId}`)
  return HistoryResponse.parse(await response.json())
}

describe('Indexer', () => {
  it('stores ERC721 transfers as nft_info, resumes after a restart, and re-indexes after a reorg', async () => {
    const c = clients()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const nft = c.network.nfts[0]!.address as Address

    // First process: index everything so far, plus an NFT transfer.
    const first = await startApi({ config, database, indexer: false })
    const nftTx = await c.wallet(0).writeContract({
      address: nft,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [c.account(0).address, recipient, 0n],
    })
    const nftReceipt = await c.public.waitForTransactionReceipt({ hash: nftTx })
    await catchUp(first.indexer)
    const indexedBefore = first.indexer.status()[chainId]!.indexed!
    expect(indexedBefore).toBe(Number(nftReceipt.blockNumber))
    const afterFirst = await history(first.url, recipient)
    expect(afterFirst.data).toHaveLength(1)
    expect(afterFirst.data[0]!.transfers).toEqual([
      {
        nft_info: {
          name: `${c.network.nfts[0]!.name} #0`,
          token_id: '0',
          content: null,
          flags: { is_spam: false },
        },
        direction: 'in',
        quantity: { numeric: '1' },
        value: 0,
        price: 0,
      },
    ])
    expect(afterFirst.data[0]!.metadata.operationType).toBe('receive')
    await first.stop()

    // While no process runs, the chain moves on.
    const paid = await c.wallet(1).sendTransaction({ to: recipient, value: parseEther('1') })
    const paidReceipt = await c.public.waitForTransactionReceipt({ hash: paid })

    // Second process on the same database: resumes after the last stored block, not from 0.
    const logs: string[] = []
    const second = await startApi({ config, database, indexer: false, log: (line) => logs.push(line) })
    await catchUp(second.indexer)
    expect(second.indexer.status()[chainId]).toMatchObject({
      startedFrom: indexedBefore + 1,
      indexed: Number(paidReceipt.blockNumber),
    })
    const afterSecond = await history(second.url, recipient)
    expect(afterSecond.data.map((entry) => entry.metadata.hash)).toEqual([paid, nftTx])

    // A reorg: a transfer is indexed, then the chain reverts and mines a different one instead.
    const snapshot = await c.test.snapshot()
    const doomed = await c.wallet(2).sendTransaction({ to: recipient, value: parseEther('2') })
    await c.public.waitForTransactionReceipt({ hash: doomed })
    await catchUp(second.indexer)
    expect((await history(second.url, recipient)).data[0]!.metadata.hash).toBe(doomed)
    await c.test.revert({ id: snapshot })
    const replacement = await c.wallet(3).sendTransaction({ to: recipient, value: parseEther('3') })
    await c.public.waitForTransactionReceipt({ hash: replacement })
    await c.test.mine({ blocks: 2 })
    await catchUp(second.indexer)
    const afterReorg = await history(second.url, recipient)
    expect(afterReorg.data.map((entry) => entry.metadata.hash)).toEqual([replacement, paid, nftTx])
    expect(afterReorg.data[0]!.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '3' } })
    expect(logs.join('\n')).toMatch(/reorg below block \d+/)
    await second.stop()
  })

  it('stays reorgSafeDepth blocks behind the head', async () => {
    const c = clients()
    const api = await startApi({
      config: { ...config, options: { reorgSafeDepth: 3 } },
      database,
      indexer: false,
    })
    await c.test.mine({ blocks: 5 })
    await catchUp(api.indexer)
    const head = Number(await c.public.getBlockNumber())
    expect(api.indexer.status()[chainId]!.indexed).toBe(head - 3)
    await api.stop()
  })

  it('follows the chain on its own when started', async () => {
    const c = clients()
    const api = await startApi({
      config: { ...config, options: { reorgSafeDepth: 0, indexer: { pollIntervalMs: 20 } } },
      database,
    })
    const hash = await c.wallet(4).sendTransaction({ to: c.account(5).address, value: 1n })
    const receipt = await c.public.waitForTransactionReceipt({ hash })
    await api.indexer.waitFor(chainId, Number(receipt.blockNumber))
    const entries = (await history(api.url, c.account(5).address)).data
    expect(entries[0]!.metadata).toMatchObject({ hash, operationType: 'receive', status: 'confirmed' })
    await api.stop()
  })

  it('indexes a new block when the node announces it, not at the next poll', async () => {
    const c = clients()
    // A poll of a minute: only the newHeads subscription over the devnet's WebSocket URL can index
    // the block within waitFor's 15 s.
    const api = await startApi({
      config: { ...config, options: { reorgSafeDepth: 0, indexer: { pollIntervalMs: 60_000 } } },
      database,
    })
    expect(config.networks.find((n) => n.caipNetworkId === chainId)!.rpcUrls.default.webSocket).toHaveLength(
      1,
    )
    await api.indexer.waitFor(chainId, Number(await c.public.getBlockNumber()))
    for (const n of [1n, 2n]) {
      const hash = await c.wallet(4).sendTransaction({ to: c.account(6).address, value: n })
      const receipt = await c.public.waitForTransactionReceipt({ hash })
      await api.indexer.waitFor(chainId, Number(receipt.blockNumber))
    }
    await api.stop()
  })

  it('keeps polling, and says so once, when the WebSocket URL does not answer', async () => {
    const c = clients()
    const logs: string[] = []
    const closedPort = {
      ...config,
      networks: config.networks.map((n) => ({
        ...n,
        rpcUrls: { default: { ...n.rpcUrls.default, webSocket: ['ws://127.0.0.1:9'] } },
      })),
      options: { reorgSafeDepth: 0, indexer: { pollIntervalMs: 20 } },
    }
    const api = await startApi({ config: closedPort, database, log: (line) => logs.push(line) })
    const hash = await c.wallet(4).sendTransaction({ to: c.account(6).address, value: 3n })
    const receipt = await c.public.waitForTransactionReceipt({ hash })
    await api.indexer.waitFor(chainId, Number(receipt.blockNumber))
    await api.stop()
    const failures = logs.filter((line) => line.includes(`${chainId}: new-heads subscription failed`))
    expect(failures).toHaveLength(1)
    expect(failures[0]).toContain('; polling')
  })

  it('follows, without the lease, the cursor another process moves: status and waitFor see its blocks', async () => {
    const c = clients()
    const holder = await startApi({ config, database, indexer: false })
    // Another process holds every chain: these two only ever read the cursor.
    const elsewhere = { holder: 'elsewhere', acquire: async () => false, release: async () => {} }
    const follower = (pollIntervalMs: number) =>
      Indexer.create({
        db: database.db,
        networks: holder.app.deps.networks,
        options: Config.parse({ ...config, options: { reorgSafeDepth: 0, indexer: { pollIntervalMs } } })
          .options,
        lease: elsewhere,
      })
    const running = follower(20)
    running.start()
    const idle = follower(50)
    const hash = await c.wallet(7).sendTransaction({ to: c.account(8).address, value: 1n })
    const block = Number((await c.public.waitForTransactionReceipt({ hash })).blockNumber)
    const seen = Promise.all([running.waitFor(chainId, block), idle.waitFor(chainId, block)])
    await catchUp(holder.indexer)
    await seen
    expect(await idle.step(chainId)).toBe(false)
    for (const indexer of [running, idle]) {
      expect(indexer.status()[chainId]).toEqual({ indexing: false, indexed: block })
    }
    await running.stop()
    await holder.stop()
  })

  it('forgets the history of a chain replaced under the same id (new genesis) and indexes the new one', async () => {
    const c = clients()
    const api = await startApi({ config, database, indexer: false })
    await catchUp(api.indexer)
    const before = await history(api.url, c.account(5).address)
    expect(before.data.length).toBeGreaterThan(0)
    await api.stop()
    // What a restarted devnet looks like from the database: the stored genesis no longer matches.
    await database.db
      .update(indexerCursors)
      .set({ genesisHash: `0x${'ab'.repeat(32)}` })
      .where(eq(indexerCursors.chainId, chainId))
    const logs: string[] = []
    const restarted = await startApi({ config, database, indexer: false, log: (line) => logs.push(line) })
    await catchUp(restarted.indexer)
    expect(logs.join('\n')).toContain('the chain was replaced')
    expect(restarted.indexer.status()[chainId]!.startedFrom).toBe(0)
    expect(await history(restarted.url, c.account(5).address)).toEqual(before)
    await restarted.stop()
  })
})
