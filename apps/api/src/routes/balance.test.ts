// GET /v1/account/{address}/balance against the devstack's chains (two anvil nodes and the Solana RPC)
// plus two broken networks, one whose RPC refuses connections and one that never answers: what the
// answer holds is what the chains say, transfers made in the test show up (with forceUpdate) and in
// history, and one chain down hides none of the others.
import { Connection, Keypair, SystemProgram, sendAndConfirmTransaction, Transaction } from '@solana/web3.js'
import { solanaKeypair } from '@walletframe/devstack'
import { BalanceResponse, HistoryResponse } from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deadNetwork, devstackHarness, expectFieldError, silentServer } from '../internal/testing.js'

// The node of eip155:998, which never answers; made before the harness, so it closes after the API stops.
const hanging = silentServer()

const h = devstackHarness({
  solana: true,
  networks: () => [deadNetwork(999, 'http://127.0.0.1:1'), deadNetwork(998, hanging.url)],
  options: { reorgSafeDepth: 0, rpcTimeoutMs: 500, indexer: { pollIntervalMs: 50 } },
})

const get = (path: string) => fetch(`${h.api.url}${path}`)
const evm = (index: number) => h.stack.chainsFile.accounts.evm[index]!
const token = (symbol: string, chain = 'eip155:1') =>
  h.stack.chainsFile.networks.find((n) => n.caipNetworkId === chain)!.tokens.find((t) => t.symbol === symbol)!

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
    const rpcUrl = `${h.api.url}/v1?chainId=eip155:1&projectId=app`
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
        // The network names an icon for its currency: the API's own URL of it. The token has none here.
        iconUrl: `${h.api.url}/v1/tokens/eip155:1/0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee/icon`,
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
    await h.api.indexer.waitFor('eip155:1', Number(last.blockNumber))
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
    const owner = h.stack.chainsFile.accounts.solana[1]!.address
    const response = await get(`/v1/account/${owner}/balance?projectId=app`)
    const { balances } = BalanceResponse.parse(await response.json())
    const solana = h.stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
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
    const solana = h.stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
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

  it.each([
    ['an address that is none', () => get('/v1/account/0x123/balance?projectId=app'), 'address'],
    [
      'a wrong checksum',
      () => get(`/v1/account/${evm(0).address.toLowerCase().replace('0xf', '0xF')}/balance?projectId=app`),
      'address',
    ],
    [
      'a chainId that is not CAIP-2',
      () => get(`/v1/account/${evm(0).address}/balance?projectId=app&chainId=eip155`),
      'chainId',
    ],
    [
      'a currency other than usd',
      () => get(`/v1/account/${evm(0).address}/balance?projectId=app&currency=eur`),
      'currency',
    ],
    [
      'a forceUpdate that is no boolean',
      () => get(`/v1/account/${evm(0).address}/balance?projectId=app&forceUpdate=maybe`),
      'forceUpdate',
    ],
    [
      'an address of another namespace than chainId',
      () =>
        get(
          `/v1/account/${h.stack.chainsFile.accounts.solana[0]!.address}/balance?projectId=app&chainId=eip155:1`,
        ),
      'address',
    ],
  ] as const)('answers %s with 400 naming the field', async (_, send, field) => {
    await expectFieldError(await send(), field)
  })
})
