import { QueryClient } from '@tanstack/react-query'
import type { TokenBalance } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { apiAnswering } from '../testing.js'
import { retryBlock } from './retryBlock.js'
import { refresh, shown, TokenBalanceUnavailableError, tokenBalances } from './tokenBalances.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = { caipNetworkId: 'eip155:1', chainNamespace: 'eip155' } as const

function balance(symbol: string, value: number, decimals = '18'): TokenBalance {
  return {
    name: symbol,
    symbol,
    chainId: 'eip155:1',
    value,
    price: 1,
    quantity: { decimals, numeric: String(value) },
    iconUrl: '',
  }
}

const api = apiAnswering

const ok = (balances: TokenBalance[]) => () => new Response(JSON.stringify({ balances }), { status: 200 })
const down = () =>
  new Response(JSON.stringify({ error: 'RPC endpoint unavailable', code: 'UPSTREAM' }), { status: 502 })

describe('shown', () => {
  it('drops decimals-0 tokens and lists the most valuable first', () => {
    expect(shown([balance('A', 1), balance('NFT', 9, '0'), balance('B', 5)]).map((b) => b.symbol)).toEqual([
      'B',
      'A',
    ])
  })
})

describe('tokenBalances', () => {
  it('asks the API for the active network in USD and shows what it answers', async () => {
    const { client, fetch } = api([ok([balance('ETH', 2), balance('USDC', 3, '6')])])
    const queries = new QueryClient()
    const result = await queries.fetchQuery(tokenBalances(client, retryBlock(), network, address))
    expect(result.map((b) => b.symbol)).toEqual(['USDC', 'ETH'])
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(
      `https://api.example/v1/account/${address}/balance?currency=usd&chainId=eip155%3A1&projectId=p1&st=walletframe&sv=0.1.0`,
    )
  })

  it('after a failure, returns empty without calling for 30 s, then asks again', async () => {
    let now = 1_000_000
    const block = retryBlock(() => now)
    const { client, fetch } = api([down, ok([balance('ETH', 2)])])
    const options = () => ({ ...tokenBalances(client, block, network, address), staleTime: 0 })
    const queries = new QueryClient()
    await expect(queries.fetchQuery(options())).rejects.toBeInstanceOf(TokenBalanceUnavailableError)
    now += 29_999
    await expect(queries.fetchQuery(options())).resolves.toEqual([])
    expect(fetch).toHaveBeenCalledTimes(1)
    now += 1
    await expect(queries.fetchQuery(options())).resolves.toMatchObject([{ symbol: 'ETH' }])
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('fails a network the balance service does not serve, and blocks retries the same way', async () => {
    const { client, fetch } = api([])
    const block = retryBlock()
    const bitcoin = {
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
    } as const
    const queries = new QueryClient()
    await expect(queries.fetchQuery(tokenBalances(client, block, bitcoin, 'bc1q'))).rejects.toBeInstanceOf(
      TokenBalanceUnavailableError,
    )
    expect(block.blocked()).toBe(true)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refresh reads past the API cache and puts the answer where the views read it', async () => {
    const { client, fetch } = api([ok([balance('ETH', 2)]), ok([balance('ETH', 1)])])
    const block = retryBlock()
    const queries = new QueryClient()
    const options = tokenBalances(client, block, network, address)
    await queries.fetchQuery(options)
    await refresh(queries, client, block, network, address)
    expect(String((fetch.mock.calls[1] as unknown[])[0])).toContain('forceUpdate=true')
    expect(queries.getQueryData(options.queryKey)).toMatchObject([{ value: 1 }])
  })
})
