// The API against a real devstack (two anvil chains + the Solana RPC) on an in-memory PGlite, plus two
// broken networks: one whose RPC refuses connections and one that never answers.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Connection, Keypair, SystemProgram, sendAndConfirmTransaction, Transaction } from '@solana/web3.js'
import { solanaKeypair, startDevstack } from '@walletframe/devstack'
import {
  BalanceResponse,
  FungiblePriceResponse,
  GasPriceResponse,
  HistoryResponse,
  IdentityResponse,
  ProjectConfigResponse,
  SupportedChainsResponse,
} from '@walletframe/protocol'
import { eq } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  encodeAbiParameters,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  http,
  namehash,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newDevice, startAuthHarness } from './auth/testing.js'
import type { ApiConfigInput } from './Config.js'
import * as Config from './Config.js'
import { createApi } from './createApi.js'
import { analyticsEvents } from './db/schema.js'
import { ApiError, RateLimitedError } from './errors.js'
import { startApi } from './startApi.js'

type Stack = Awaited<ReturnType<typeof startDevstack>>
type Api = Awaited<ReturnType<typeof startApi>>

let stack: Stack
let api: Api
let hanging: Server
const logs: string[] = []
const app = 'https://app.test'

function deadNetwork(id: number, url: string) {
  return {
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155' as const,
    id,
    name: `Broken ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 1,
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  }
}

beforeAll(async () => {
  hanging = createServer(() => {
    // Never answers: the API's timeout has to end the wait.
  })
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
  const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
  stack = await startDevstack({ quiet: true })
  const config: ApiConfigInput = {
    ...stack.chainsFile,
    networks: [
      ...stack.chainsFile.networks,
      deadNetwork(999, 'http://127.0.0.1:1'),
      deadNetwork(998, hangingUrl),
    ],
    projects: [
      { id: 'app', name: 'App', allowedOrigins: [app] },
      { id: 'quiet', name: 'No analytics', allowedOrigins: [app], analytics: { enabled: false } },
    ],
    options: {
      frameOrigins: ['https://frame.test'],
      reorgSafeDepth: 0,
      rpcTimeoutMs: 500,
      indexer: { pollIntervalMs: 50 },
      rateLimits: {
        perProject: { capacity: 10_000, refillPerSecond: 10_000 },
        perIp: { capacity: 10_000, refillPerSecond: 10_000 },
      },
    },
  }
  api = await startApi({ config, log: (line) => logs.push(line) })
})

afterAll(async () => {
  await api?.stop()
  await stack?.stop()
  hanging?.closeAllConnections()
  await new Promise((resolve) => hanging?.close(resolve))
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${api.url}${path}`, { headers })
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const evm = (index: number) => stack.chainsFile.accounts.evm[index]!
const token = (symbol: string, chain = 'eip155:1') =>
  stack.chainsFile.networks.find((n) => n.caipNetworkId === chain)!.tokens.find((t) => t.symbol === symbol)!

describe('projects and origins', () => {
  it('answers 400 "Project ID Not Configured" without a projectId', async () => {
    const response = await get('/v1/supported-chains')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'Project ID Not Configured',
      code: 'PROJECT_ID_NOT_CONFIGURED',
    })
  })

  it('answers 401 "Invalid Project ID" for an unknown project', async () => {
    const response = await get('/v1/supported-chains?projectId=nope')
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'Invalid Project ID', code: 'INVALID_PROJECT_ID' })
  })

  it('answers 403 to a browser origin that is not allowed, without CORS headers', async () => {
    const response = await get('/v1/supported-chains?projectId=app', { origin: 'https://evil.test' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ error: 'Origin not found on Allowlist' })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    // Not development: localhost is not implicitly allowed.
    expect(
      (await get('/v1/supported-chains?projectId=app', { origin: 'http://localhost:5173' })).status,
    ).toBe(403)
  })

  it('answers a browser origin no project allows the same for an unknown project as for a known one', async () => {
    // Any page can call the API: the answer must not tell which project ids exist.
    const evil = { origin: 'https://evil.test' }
    const known = await get('/v1/supported-chains?projectId=app', evil)
    for (const id of ['nope', 'no%00pe', 'x'.repeat(200)]) {
      const unknown = await get(`/v1/supported-chains?projectId=${id}`, evil)
      expect(unknown.status).toBe(known.status)
      expect(await unknown.json()).toEqual(await known.clone().json())
      const preflight = await fetch(`${api.url}/v1/fungible/price?projectId=${id}`, {
        method: 'OPTIONS',
        headers: { ...evil, 'access-control-request-method': 'POST' },
      })
      expect(preflight.status).toBe(403)
    }
    // Analytics says it its own way (SPEC §8), for both as well.
    const known403 = await post('/e?projectId=app', {}, evil)
    const unknown403 = await post('/e?projectId=nope', {}, evil)
    expect([known403.status, unknown403.status]).toEqual([403, 403])
    expect(await unknown403.json()).toEqual(await known403.json())
    // A frame origin (allowed for every project) is still told the id is wrong.
    const fromFrame = await get('/v1/supported-chains?projectId=nope', { origin: 'https://frame.test' })
    expect(fromFrame.status).toBe(401)
  })

  it('answers an allowed origin with CORS headers, including the preflight', async () => {
    const response = await get('/v1/supported-chains?projectId=app', { origin: app })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(app)
    expect(SupportedChainsResponse.parse(await response.json()).http).toContain('eip155:8453')

    const preflight = await fetch(`${api.url}/v1/fungible/price?projectId=app`, {
      method: 'OPTIONS',
      headers: {
        origin: app,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(app)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const denied = await fetch(`${api.url}/v1/fungible/price?projectId=app`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    })
    expect(denied.status).toBe(403)
    expect(denied.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves the project config with networks behind the API proxy', async () => {
    const response = await get('/v1/projects/app/config', { origin: app })
    expect(response.status).toBe(200)
    const config = ProjectConfigResponse.parse(await response.json())
    expect(config).toMatchObject({ projectId: 'app', allowedOrigins: [app], development: false })
    expect(config.features).toMatchObject({
      balances: true,
      history: true,
      analytics: true,
      identity: false,
      // The devstack's chains carry the swap fee router.
      swaps: true,
    })
    const mainnet = config.networks.find((n) => n.caipNetworkId === 'eip155:1')!
    const rpcUrl = mainnet.rpcUrls.default.http[0]!
    expect(rpcUrl).toBe(`${api.url}/v1?chainId=eip155%3A1&projectId=app`)
    expect(JSON.stringify(config)).not.toContain(stack.chainsFile.networks[0]!.rpcUrls.default.http[0]!)
    const client = createPublicClient({ transport: http(rpcUrl) })
    expect(await client.getChainId()).toBe(1)
    expect((await get('/v1/projects/nope/config')).status).toBe(401)
  })

  it('allows the frame origin for every project', async () => {
    for (const project of ['app', 'quiet']) {
      const response = await get(`/v1/projects/${project}/config`, { origin: 'https://frame.test' })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('https://frame.test')
    }
  })

  it('allows any localhost origin in development', async () => {
    const dev = createApi({
      config: { ...api.app.deps.config, options: { ...api.app.deps.config.options, development: true } },
      db: api.database.db,
    })
    const response = await dev.request('/v1/supported-chains?projectId=app', {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})

describe('GET /v1/wallets', () => {
  it('serves the wallet registry per project, with CORS for an allowed origin', async () => {
    expect((await get('/v1/wallets')).status).toBe(400)
    expect((await get('/v1/wallets?projectId=nope')).status).toBe(401)
    const response = await get('/v1/wallets?projectId=app&page=1&entries=2', { origin: app })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(app)
    const body = (await response.json()) as { data: unknown[]; count: number }
    expect(body.data).toHaveLength(2)
    expect(body.count).toBeGreaterThan(2)
  })
})

describe('GET /v1/account/{address}/balance', () => {
  it('reads native and ERC20 balances, drops decimals-0 tokens, and serves the cache until forceUpdate', async () => {
    const sender = privateKeyToAccount(evm(3).privateKey as `0x${string}`)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const path = `/v1/account/${recipient}/balance?projectId=app&chainId=eip155:1&currency=usd`
    const before = BalanceResponse.parse(await (await get(path)).json())
    expect(before.balances).toEqual([
      expect.objectContaining({
        symbol: 'ETH',
        chainId: 'eip155:1',
        quantity: { decimals: '18', numeric: '0' },
        value: 0,
      }),
    ])
    expect(before.balances[0]).not.toHaveProperty('address')

    // Through the API's own JSON-RPC proxy, as the frame would send.
    const rpcUrl = `${api.url}/v1?chainId=eip155:1&projectId=app`
    const chain = defineChain({
      id: 1,
      name: 'local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    const wallet = createWalletClient({ account: sender, chain, transport: http(rpcUrl) })
    const client = createPublicClient({ chain, transport: http(rpcUrl) })
    const usdc = token('USDC')
    const tix = token('TIX')
    const hashes = [
      await wallet.sendTransaction({ to: recipient, value: parseEther('0.5') }),
      await wallet.writeContract({
        address: usdc.address as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, parseUnits('7.25', 6)],
      }),
      await wallet.writeContract({
        address: tix.address as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, 3n],
      }),
    ]
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
    expect(receipts.every((r) => r.status === 'success')).toBe(true)

    const cached = BalanceResponse.parse(await (await get(path)).json())
    expect(cached).toEqual(before)

    const fresh = BalanceResponse.parse(await (await get(`${path}&forceUpdate=true`)).json())
    expect(fresh.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        value: 1500,
        price: 3000,
        quantity: { decimals: '18', numeric: '0.5' },
        iconUrl: '',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:1',
        address: `eip155:1:${usdc.address}`,
        value: 7.25,
        price: 1,
        quantity: { decimals: '6', numeric: '7.25' },
        iconUrl: '',
      },
    ])

    // The same transfers show up in history once the indexer has the block.
    const last = receipts.at(-1)!
    await api.indexer.waitFor('eip155:1', Number(last.blockNumber))
    const history = HistoryResponse.parse(
      await (await get(`/v1/account/${recipient}/history?projectId=app`)).json(),
    )
    expect(history.next).toBeNull()
    expect(history.data.map((entry) => entry.metadata.hash)).toEqual([...hashes].reverse())
    expect(history.data[2]).toMatchObject({
      id: `eip155:1:${hashes[0]}`,
      metadata: {
        chain: 'eip155:1',
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: sender.address.toLowerCase(),
      },
      transfers: [
        {
          fungible_info: { symbol: 'ETH' },
          direction: 'in',
          quantity: { numeric: '0.5' },
          value: 1500,
          price: 3000,
        },
      ],
    })
    expect(history.data[1]!.transfers).toEqual([
      {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: null },
        direction: 'in',
        quantity: { numeric: '7.25' },
        value: 7.25,
        price: 1,
      },
    ])
    const senderHistory = HistoryResponse.parse(
      await (await get(`/v1/account/eip155:1:${sender.address}/history?projectId=app&limit=2`)).json(),
    )
    expect(senderHistory.data[0]!.metadata).toMatchObject({ operationType: 'send', hash: hashes[2] })
    expect(senderHistory.next).toEqual(expect.any(String))
    const page2 = HistoryResponse.parse(
      await (
        await get(
          `/v1/account/${sender.address}/history?projectId=app&chainId=eip155:1&limit=2&cursor=${senderHistory.next}`,
        )
      ).json(),
    )
    expect(page2.data[0]!.metadata.hash).toBe(hashes[0])
  })

  it('reads SOL and SPL balances on Solana', async () => {
    const owner = stack.chainsFile.accounts.solana[1]!.address
    const response = await get(`/v1/account/${owner}/balance?projectId=app`)
    const { balances } = BalanceResponse.parse(await response.json())
    const solana = stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
    expect(balances.map((b) => [b.chainId, b.symbol])).toEqual([
      [solana.caipNetworkId, 'SOL'],
      [solana.caipNetworkId, 'USDC'],
    ])
    // What the chain itself says the owner holds.
    const rpc = async (method: string, params: unknown[]) => {
      const answer = await fetch(solana.rpcUrls.default.http[0]!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      return ((await answer.json()) as { result: { value: unknown } }).result.value
    }
    const lamports = (await rpc('getBalance', [owner])) as number
    const [account] = (await rpc('getTokenAccountsByOwner', [
      owner,
      { mint: solana.tokens.find((t) => t.symbol === 'USDC')!.address },
      { encoding: 'jsonParsed' },
    ])) as { account: { data: { parsed: { info: { tokenAmount: { uiAmountString: string } } } } } }[]
    const usdc = account!.account.data.parsed.info.tokenAmount.uiAmountString
    expect(balances[0]).toMatchObject({
      quantity: { decimals: '9', numeric: String(lamports / 1e9) },
      price: solana.nativePriceUsd,
    })
    expect(balances[1]).toMatchObject({
      quantity: { decimals: '6', numeric: usdc },
      value: Number(usdc),
      price: 1,
    })
  })

  it('shows a SOL transfer made in the test in balance (forceUpdate) and history', async () => {
    const solana = stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
    const connection = new Connection(solana.rpcUrls.default.http[0]!, 'confirmed')
    const payer = solanaKeypair(2)
    const recipient = Keypair.generate().publicKey
    const path = `/v1/account/${recipient.toBase58()}/balance?projectId=app&chainId=${solana.caipNetworkId}`
    expect(BalanceResponse.parse(await (await get(path)).json()).balances[0]!.quantity.numeric).toBe('0')
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_500_000_000 }),
      ),
      [payer],
    )
    const fresh = BalanceResponse.parse(await (await get(`${path}&forceUpdate=true`)).json())
    expect(fresh.balances[0]).toMatchObject({ symbol: 'SOL', quantity: { decimals: '9', numeric: '1.5' } })

    const received = HistoryResponse.parse(
      await (await get(`/v1/account/${recipient.toBase58()}/history?projectId=app`)).json(),
    )
    expect(received).toEqual({
      data: [
        {
          id: `${solana.caipNetworkId}:${signature}`,
          metadata: expect.objectContaining({
            chain: solana.caipNetworkId,
            hash: signature,
            operationType: 'receive',
            status: 'confirmed',
            sentFrom: payer.publicKey.toBase58(),
          }),
          transfers: [
            {
              fungible_info: { name: solana.nativeCurrency.name, symbol: 'SOL', icon: null },
              direction: 'in',
              quantity: { numeric: '1.5' },
              value: 1.5 * solana.nativePriceUsd!,
              price: solana.nativePriceUsd,
            },
          ],
        },
      ],
      next: null,
    })
    // The sender's page: newest first, the fee is not part of the transfer, and the cursor pages on.
    const sent = HistoryResponse.parse(
      await (await get(`/v1/account/${payer.publicKey.toBase58()}/history?projectId=app&limit=1`)).json(),
    )
    expect(sent.data[0]!.metadata).toMatchObject({ hash: signature, operationType: 'send' })
    expect(sent.data[0]!.transfers).toMatchObject([{ direction: 'out', quantity: { numeric: '1.5' } }])
    expect(sent.next).toEqual(expect.any(String))
    const older = HistoryResponse.parse(
      await (
        await get(
          `/v1/account/${payer.publicKey.toBase58()}/history?projectId=app&limit=1&cursor=${sent.next}`,
        )
      ).json(),
    )
    expect(older.data).toHaveLength(1)
    expect(older.data[0]!.metadata.hash).not.toBe(signature)
  })

  it('answers the empty result for an unsupported network', async () => {
    const response = await get(`/v1/account/${evm(1).address}/balance?projectId=app&chainId=eip155:10`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ balances: [] })
  })

  it('keeps serving healthy chains when others are down, and says which', async () => {
    const started = Date.now()
    const response = await get(`/v1/account/${evm(2).address}/balance?projectId=app&forceUpdate=1`)
    expect(response.status).toBe(200)
    const body = BalanceResponse.parse(await response.json())
    expect(new Set(body.balances.map((b) => b.chainId))).toEqual(new Set(['eip155:1', 'eip155:8453']))
    expect(body.unavailable?.sort()).toEqual(['eip155:998', 'eip155:999'])
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('answers 502 when the only chain asked is down', async () => {
    const response = await get(`/v1/account/${evm(2).address}/balance?projectId=app&chainId=eip155:999`)
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: expect.stringContaining('eip155:999'),
    })
  })
})

describe('POST /v1/fungible/price', () => {
  it('prices known tokens and the native currency and leaves unknown ones out', async () => {
    const usdc = token('USDC', 'eip155:8453')
    const response = await post('/v1/fungible/price', {
      currency: 'usd',
      projectId: 'app',
      addresses: [
        `eip155:8453:${usdc.address.toLowerCase()}`,
        'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        'eip155:1:0x000000000000000000000000000000000000dead',
      ],
    })
    expect(response.status).toBe(200)
    const { fungibles } = FungiblePriceResponse.parse(await response.json())
    expect(fungibles).toEqual([
      {
        address: `eip155:8453:${usdc.address.toLowerCase()}`,
        name: 'USD Coin',
        symbol: 'USDC',
        iconUrl: '',
        price: 1,
        decimals: 6,
      },
      {
        address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        name: 'Ether',
        symbol: 'ETH',
        iconUrl: '',
        price: 3000,
        decimals: 18,
      },
    ])
  })
})

describe('GET /v1/convert/gas-price', () => {
  it('answers three rising fee levels in wei', async () => {
    const response = await get('/v1/convert/gas-price?projectId=app&chainId=eip155:8453')
    const gas = GasPriceResponse.parse(await response.json())
    expect(BigInt(gas.standard)).toBeGreaterThan(0n)
    expect(BigInt(gas.fast)).toBeGreaterThanOrEqual(BigInt(gas.standard))
    expect(BigInt(gas.instant)).toBeGreaterThanOrEqual(BigInt(gas.fast))
  })

  it('says "Network not supported for Gas Price" for other networks', async () => {
    for (const chainId of [
      'eip155:10',
      stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!.caipNetworkId,
    ]) {
      const response = await get(`/v1/convert/gas-price?projectId=app&chainId=${chainId}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: 'Network not supported for Gas Price',
        field: 'chainId',
      })
    }
  })

  it('answers 502 within the timeout for a chain that does not answer, while others serve', async () => {
    const started = Date.now()
    const [slow, healthy] = await Promise.all([
      get('/v1/convert/gas-price?projectId=app&chainId=eip155:998'),
      get('/v1/convert/gas-price?projectId=app&chainId=eip155:1'),
    ])
    expect(slow.status).toBe(502)
    expect(await slow.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: expect.stringContaining('no answer within 500 ms'),
    })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(healthy.status).toBe(200)
  })
})

describe('GET /v1/identity/{address}', () => {
  it('answers null name and avatar with a note when no chain has ENS', async () => {
    const response = await get(`/v1/identity/${evm(0).address}?projectId=app&sender=${evm(1).address}`)
    expect(IdentityResponse.parse(await response.json())).toEqual({
      name: null,
      avatar: null,
      note: expect.stringContaining('ENS'),
    })
  })
})

describe('GET /v1/identity/{address} on a chain with ENS', () => {
  // A node that plays an ENS universal resolver: eth_call answers reverse and text lookups.
  const resolver = '0x00000000000000000000000000000000000e1e50'
  const universalResolver = parseAbi([
    'function reverseWithGateways(bytes reverseName, uint256 coinType, string[] gateways) view returns (string, address, address)',
    'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
  ])
  const textAbi = parseAbi(['function text(bytes32 node, string key) view returns (string)'])
  // Built on first use: the devstack's accounts exist only after beforeAll.
  const names = (): Record<string, { name: string; avatar: string }> => ({
    [evm(4).address.toLowerCase()]: { name: 'alice.eth', avatar: 'https://img.test/alice.png' },
    [evm(5).address.toLowerCase()]: {
      name: 'bob.eth',
      avatar: 'eip155:1/erc721:0xb47e3cd837ddf8e4c57f05d70ab865de6e193bbb/1',
    },
  })
  let calls = 0
  const ensFetch = (async (_url: string, init: RequestInit) => {
    const { id, params } = JSON.parse(String(init.body)) as { id: number; params: [{ data: Hex }] }
    calls++
    const call = decodeFunctionData({ abi: universalResolver, data: params[0].data })
    let result: Hex
    if (call.functionName === 'reverseWithGateways') {
      const address = `0x${(call.args[0] as Hex).slice(2).toLowerCase()}`
      result = encodeFunctionResult({
        abi: universalResolver,
        functionName: 'reverseWithGateways',
        result: [names()[address]?.name ?? '', resolver, resolver],
      })
    } else {
      const text = decodeFunctionData({ abi: textAbi, data: call.args[1] as Hex })
      const entry = Object.values(names()).find((n) => namehash(n.name) === text.args[0])
      const value = text.args[1] === 'avatar' ? (entry?.avatar ?? '') : ''
      result = encodeFunctionResult({
        abi: universalResolver,
        functionName: 'resolveWithGateways',
        result: [encodeAbiParameters([{ type: 'string' }], [value]), resolver],
      })
    }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), {
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch

  it('answers name and avatar, keeps only http(s) avatars, and caches', async () => {
    const ens = createApi({
      config: Config.parse({
        version: 1,
        networks: [
          {
            caipNetworkId: 'eip155:11155111',
            chainNamespace: 'eip155',
            id: 11155111,
            name: 'ENS test',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            nativePriceUsd: 1,
            rpcUrls: { default: { http: ['http://ens.invalid'] } },
            testnet: true,
            contracts: { ensUniversalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' },
          },
        ],
      }),
      db: api.database.db,
      fetch: ensFetch,
    })
    const identity = async (address: string) =>
      IdentityResponse.parse(await (await ens.request(`/v1/identity/${address}?projectId=app`)).json())
    expect(await identity(evm(4).address)).toEqual({
      name: 'alice.eth',
      avatar: 'https://img.test/alice.png',
    })
    expect(await identity(evm(5).address)).toEqual({ name: 'bob.eth', avatar: null })
    expect(await identity(evm(6).address)).toEqual({ name: null, avatar: null })
    const before = calls
    expect(await identity(evm(4).address)).toEqual({
      name: 'alice.eth',
      avatar: 'https://img.test/alice.png',
    })
    expect(calls).toBe(before)
  })
})

describe('POST /v1 (JSON-RPC proxy)', () => {
  const rpc = (chainId: string, body: unknown) => post(`/v1?chainId=${chainId}&projectId=app`, body)

  it('forwards a batch, refusing non-read methods per call', async () => {
    const response = await rpc('eip155:8453', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 'two', method: 'eth_sign', params: [evm(0).address, '0x00'] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: [evm(9).address, 'latest'] },
    ])
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x2105' },
      {
        jsonrpc: '2.0',
        id: 'two',
        error: { code: 4200, message: 'Requested RPC call is not allowed: eth_sign' },
      },
      { jsonrpc: '2.0', id: 3, result: expect.stringMatching(/^0x[0-9a-f]+$/) },
    ])
  })

  it('passes upstream JSON-RPC errors through', async () => {
    const response = await rpc('eip155:1', {
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_getBalance',
      params: ['0xnot-an-address'],
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: expect.any(Number), message: expect.any(String) },
    })
  })

  it('forwards Solana reads', async () => {
    const solana = stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
    const response = await rpc(solana.caipNetworkId, { jsonrpc: '2.0', id: 1, method: 'getHealth' })
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' })
  })

  it('rejects a chunked body over the limit while reading it', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 1 MB in total, far over the limit, with no content-length announced.
        if (sent++ < 16) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(`${api.url}/v1?chainId=eip155:1&projectId=app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
  })

  it('rejects bodies over 256 KB with 413', async () => {
    const big = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(140 * 1024)}` }],
    }
    const response = await rpc('eip155:1', big)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body' })
  })

  it('answers 502 when the upstream is down', async () => {
    const response = await rpc('eip155:999', { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: expect.stringContaining('connection failed'),
    })
  })
})

describe('POST /e (analytics)', () => {
  const event = (eventId: string) => ({
    eventId,
    url: 'https://app.test/shop',
    domain: 'app.test',
    timestamp: 1_763_000_000_000,
    props: { type: 'track', event: 'MODAL_OPEN', address: evm(0).address },
  })

  it('stores an event once per eventId', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await post('/e?projectId=app&st=appkit&sv=html-1.0.0', event('ev-1'), { origin: app })
      expect(response.status).toBe(202)
      expect(await response.json()).toEqual({ stored: true })
    }
    const rows = await api.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, 'ev-1'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      projectId: 'app',
      domain: 'app.test',
      sdkType: 'appkit',
      sdkVersion: 'html-1.0.0',
      origin: app,
    })
    expect(rows[0]!.props).toMatchObject({ event: 'MODAL_OPEN' })
  })

  it('stores nothing for a project with analytics off', async () => {
    const response = await post('/e?projectId=quiet', event('ev-quiet'))
    expect(await response.json()).toEqual({ stored: false })
    const rows = await api.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventId, 'ev-quiet'))
    expect(rows).toHaveLength(0)
  })

  it('answers 403 "Invalid App Configuration" to a disallowed origin', async () => {
    const response = await post('/e?projectId=app', event('ev-evil'), { origin: 'https://evil.test' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      error: 'Invalid App Configuration',
      code: 'INVALID_APP_CONFIGURATION',
    })
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After per project and per IP', async () => {
    const limited = createApi({
      config: {
        ...api.app.deps.config,
        options: {
          ...api.app.deps.config.options,
          rateLimits: {
            perProject: { capacity: 2, refillPerSecond: 0.5 },
            perIp: { capacity: 3, refillPerSecond: 0.25 },
          },
        },
      },
      db: api.database.db,
    })
    const call = (project: string) => limited.request(`/v1/supported-chains?projectId=${project}`)
    expect((await call('app')).status).toBe(200)
    expect((await call('app')).status).toBe(200)
    const perProject = await call('app')
    expect(perProject.status).toBe(429)
    expect(perProject.headers.get('retry-after')).toBe('2')
    expect(await perProject.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('project'),
    })
    const perIp = await call('quiet')
    expect(perIp.status).toBe(429)
    expect(perIp.headers.get('retry-after')).toBe('4')
    expect(await perIp.json()).toMatchObject({ error: expect.stringContaining(' ip') })
  })

  it('answers every 429 with Retry-After in whole seconds, rounded up, whatever error class made it', async () => {
    const reported: string[] = []
    const app = createApi({
      config: api.app.deps.config,
      db: api.database.db,
      log: (line) => reported.push(line),
    })
    class NamesItsWait extends ApiError {
      constructor(readonly retryAfterSeconds: number) {
        super(429, 'RATE_LIMITED', 'slow down')
      }
    }
    app.get('/test/limited', () => {
      throw new RateLimitedError(1.2, 'ip')
    })
    app.get('/test/names-its-wait', () => {
      throw new NamesItsWait(90.5)
    })
    app.get('/test/names-none', () => {
      throw new ApiError(429, 'RATE_LIMITED', 'slow down')
    })
    const limited = await app.request('/test/limited')
    expect(limited.headers.get('retry-after')).toBe('2')
    expect(await limited.json()).toMatchObject({ error: 'Too many requests for this ip; retry after 2 s' })
    expect((await app.request('/test/names-its-wait')).headers.get('retry-after')).toBe('91')
    expect(reported).toEqual([])
    const bare = await app.request('/test/names-none')
    expect(bare.status).toBe(429)
    expect(bare.headers.get('retry-after')).toBe('1')
    expect(reported).toEqual(['ApiError (429) names no wait; make it a TooManyRequestsError'])
  })

  it("answers the email cooldown's 429 with Retry-After too: the seconds its message names", async () => {
    const auth = await startAuthHarness({ emailCooldownSeconds: 45 })
    try {
      const start = async () =>
        auth.post('/v1/auth/email/start?projectId=app', {
          email: 'cooldown@example.test',
          deviceKey: (await newDevice()).publicKey,
        })
      expect((await start()).status).toBe(200)
      const refused = await start()
      expect(refused.status).toBe(429)
      const body = (await refused.json()) as { code: string; error: string }
      expect(body.code).toBe('EMAIL_COOLDOWN')
      const seconds = /after (\d+) seconds/.exec(body.error)?.[1]
      expect(Number(seconds)).toBeGreaterThanOrEqual(44)
      expect(refused.headers.get('retry-after')).toBe(seconds)
    } finally {
      await auth.stop()
    }
  })
})

describe('bad input', () => {
  const a = () => evm(0).address
  const table: [string, () => Promise<Response>, string][] = [
    [
      'supported-chains: st too long',
      () => get(`/v1/supported-chains?projectId=app&st=${'x'.repeat(65)}`),
      'st',
    ],
    ['project config: sv too long', () => get(`/v1/projects/app/config?sv=${'x'.repeat(65)}`), 'sv'],
    ['balance: address', () => get('/v1/account/0x123/balance?projectId=app'), 'address'],
    [
      'balance: checksum',
      () => get(`/v1/account/${a().toLowerCase().replace('0xf', '0xF')}/balance?projectId=app`),
      'address',
    ],
    ['balance: chainId', () => get(`/v1/account/${a()}/balance?projectId=app&chainId=eip155`), 'chainId'],
    ['balance: currency', () => get(`/v1/account/${a()}/balance?projectId=app&currency=eur`), 'currency'],
    [
      'balance: forceUpdate',
      () => get(`/v1/account/${a()}/balance?projectId=app&forceUpdate=maybe`),
      'forceUpdate',
    ],
    [
      'balance: address of another namespace',
      () =>
        get(
          `/v1/account/${stack.chainsFile.accounts.solana[0]!.address}/balance?projectId=app&chainId=eip155:1`,
        ),
      'address',
    ],
    ['price: not JSON', () => post('/v1/fungible/price?projectId=app', '{nope'), 'body'],
    ['price: no body', () => post('/v1/fungible/price?projectId=app', ''), 'body'],
    [
      'price: addresses missing',
      () => post('/v1/fungible/price', { currency: 'usd', projectId: 'app' }),
      'body.addresses',
    ],
    [
      'price: not CAIP-10',
      () => post('/v1/fungible/price', { currency: 'usd', projectId: 'app', addresses: ['0x12'] }),
      'body.addresses[0]',
    ],
    [
      'price: currency',
      () => post('/v1/fungible/price', { currency: 'eur', projectId: 'app', addresses: ['eip155:1:0x1'] }),
      'body.currency',
    ],
    ['gas: chainId missing', () => get('/v1/convert/gas-price?projectId=app'), 'chainId'],
    ['gas: chainId malformed', () => get('/v1/convert/gas-price?projectId=app&chainId=nope'), 'chainId'],
    ['identity: address', () => get('/v1/identity/nope?projectId=app'), 'address'],
    [
      'identity: Solana address',
      () => get(`/v1/identity/${stack.chainsFile.accounts.solana[0]!.address}?projectId=app`),
      'address',
    ],
    ['history: account', () => get('/v1/account/zz/history?projectId=app'), 'account'],
    ['history: cursor', () => get(`/v1/account/${a()}/history?projectId=app&cursor=garbage`), 'cursor'],
    ['history: limit', () => get(`/v1/account/${a()}/history?projectId=app&limit=0`), 'limit'],
    ['history: onramp', () => get(`/v1/account/${a()}/history?projectId=app&onramp=yes`), 'onramp'],
    [
      'rpc: chainId missing',
      () => post('/v1?projectId=app', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      'chainId',
    ],
    ['rpc: not JSON', () => post('/v1?projectId=app&chainId=eip155:1', '[{'), 'body'],
    ['rpc: not JSON-RPC', () => post('/v1?projectId=app&chainId=eip155:1', { hello: 1 }), 'body'],
    ['rpc: empty batch', () => post('/v1?projectId=app&chainId=eip155:1', []), 'body'],
    [
      'analytics: eventId',
      () => post('/e?projectId=app', { url: 'u', domain: 'd', timestamp: 1 }),
      'body.eventId',
    ],
    [
      'analytics: timestamp',
      () => post('/e?projectId=app', { eventId: 'x', url: 'u', domain: 'd', timestamp: 'now' }),
      'body.timestamp',
    ],
  ]

  it.each(table)('%s -> 400 naming the field', async (_, send, field) => {
    const response = await send()
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: unknown }
    expect(body).toMatchObject({
      code: expect.stringMatching(/^(INVALID_REQUEST|NETWORK_NOT_SUPPORTED)$/),
      field,
    })
    expect(body.error).toEqual(expect.any(String))
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\.ts:\d+/)
  })

  it('answers unknown paths with a JSON 404', async () => {
    const response = await get('/v1/nothing-here?projectId=app')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('GET /openapi.json', () => {
  it('describes every endpoint with its parameters from the zod schemas', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      openapi: string
      paths: Record<
        string,
        Record<
          string,
          { parameters: { name: string; in: string; required: boolean }[]; requestBody?: unknown }
        >
      >
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/e',
        '/v1',
        '/v1/account/{account}/history',
        '/v1/auth/attempts/{attemptId}',
        '/v1/auth/email/device/approve',
        '/v1/auth/email/resend',
        '/v1/auth/email/start',
        '/v1/auth/email/update',
        '/v1/auth/email/update/verify',
        '/v1/auth/email/verify',
        '/v1/auth/farcaster/connect',
        '/v1/auth/farcaster/start',
        '/v1/auth/me',
        '/v1/auth/session/refresh',
        '/v1/auth/session/revoke',
        '/v1/auth/social/callback/{provider}',
        '/v1/auth/social/complete',
        '/v1/auth/social/connect',
        '/v1/auth/social/start',
        '/v1/auth/wallet/create',
        '/v1/auth/wallet/shares',
        '/v1/account/{address}/balance',
        '/v1/account/{address}/nfts',
        '/v1/bundler',
        '/v1/convert/allowance',
        '/v1/convert/build-approve',
        '/v1/convert/build-transaction',
        '/v1/convert/gas-price',
        '/v1/convert/quotes',
        '/v1/convert/tokens',
        '/v1/fungible/price',
        '/v1/generators/onrampurl',
        '/v1/identity/{address}',
        '/v1/onramp/options',
        '/v1/onramp/quote',
        '/v1/profile/account',
        '/v1/profile/account/{name}',
        '/v1/profile/reverse/{address}',
        '/v1/profile/suggestions/{name}',
        '/v1/projects/{projectId}/config',
        '/v1/sessions',
        '/v1/sessions/nonce',
        '/v1/sessions/{id}',
        '/v1/sessions/{id}/revoke',
        '/v1/supported-chains',
        '/v1/wallets',
      ].sort(),
    )
    const balance = doc.paths['/v1/account/{address}/balance']!.get!
    expect(balance.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'address', in: 'path', required: true }),
        expect.objectContaining({ name: 'projectId', in: 'query', required: true }),
        expect.objectContaining({ name: 'forceUpdate', in: 'query', required: false }),
      ]),
    )
    expect(doc.paths['/v1/fungible/price']!.post!.requestBody).toBeDefined()
  })

  it('documents Retry-After on every 429', async () => {
    type Responses = Record<string, { headers?: Record<string, { schema: unknown }> }>
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Responses }>>
    }
    const limited = Object.values(doc.paths)
      .flatMap((operations) => Object.values(operations))
      .map((operation) => operation.responses['429'])
      .filter((response) => response !== undefined)
    expect(limited.length).toBeGreaterThan(20)
    for (const response of limited)
      expect(response.headers?.['Retry-After']?.schema).toEqual({ type: 'integer', minimum: 1 })
  })
})
