import { QueryClient } from '@tanstack/react-query'
import type { WalletsResponse } from '@walletframe/protocol/walletRegistry'
import { describe, expect, it } from 'vitest'
import * as Client from '../data/client.js'
import * as WalletRegistry from './walletRegistry.js'

describe('source', () => {
  it('serves the bundled registry, searched and paged, when the frame has no API', async () => {
    const registry = WalletRegistry.source(undefined)
    const first = await registry.list({ page: 1, entries: 5 })
    expect(first.data).toHaveLength(5)
    expect(first.count).toBeGreaterThanOrEqual(20)
    const found = await registry.list({ page: 1, entries: 5, search: 'phant' })
    expect(found.data.map((wallet) => wallet.name)).toEqual(['Phantom'])
  })

  it('asks the API with page, entries, search, the project and the SDK', async () => {
    const requested: URL[] = []
    const body: WalletsResponse = {
      count: 1,
      data: [{ id: 'rainbow', name: 'Rainbow', imageUrl: 'data:,', chains: ['eip155:1'] }],
    }
    const client = Client.create({
      apiUrl: 'http://127.0.0.1:4000',
      projectId: () => 'p1',
      sdk: () => ({ type: 'walletframe', version: '1.2.3' }),
      fetch: async (input) => {
        requested.push(new URL(String(input)))
        return Response.json(body)
      },
    })
    await expect(
      WalletRegistry.source(client).list({ page: 2, entries: 10, search: 'rain' }),
    ).resolves.toEqual(body)
    expect(requested[0]?.pathname).toBe('/v1/wallets')
    expect(Object.fromEntries(requested[0]?.searchParams ?? [])).toEqual({
      page: '2',
      entries: '10',
      search: 'rain',
      projectId: 'p1',
      st: 'walletframe',
      sv: '1.2.3',
    })
  })

  it("points a wallet's logo at the API's image route, and at none without an API", () => {
    const client = Client.create({
      apiUrl: 'http://127.0.0.1:4000/base/',
      projectId: () => 'p1',
      sdk: () => undefined,
    })
    expect(WalletRegistry.source(client).logoUrl({ id: 'ledger-live' })).toBe(
      'http://127.0.0.1:4000/base/v1/wallets/ledger-live/logo',
    )
    // An id is a path segment, never a path: a slash in it stays inside the segment.
    expect(WalletRegistry.source(client).logoUrl({ id: '../admin' })).toBe(
      'http://127.0.0.1:4000/base/v1/wallets/..%2Fadmin/logo',
    )
    expect(WalletRegistry.source(undefined).logoUrl({ id: 'metamask' })).toBeUndefined()
  })

  it('fails with the typed API error when the API answers an error', async () => {
    const client = Client.create({
      apiUrl: 'http://127.0.0.1:4000',
      projectId: () => 'p1',
      sdk: () => undefined,
      fetch: async () => Response.json({ error: 'Too many requests', code: 'RATE_LIMITED' }, { status: 429 }),
    })
    await expect(WalletRegistry.source(client).list({ page: 1, entries: 10 })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'API_ERROR',
      status: 429,
      apiCode: 'RATE_LIMITED',
      message: 'Too many requests',
    })
  })
})

describe('findByName', () => {
  it('recognises a wallet of a loaded list by the name its app reports', async () => {
    const queryClient = new QueryClient()
    const registry = WalletRegistry.source(undefined)
    await queryClient.fetchQuery(WalletRegistry.list(registry, { page: 1, entries: 40 }))
    expect(WalletRegistry.findByName(queryClient, 'PHANTOM')?.id).toBe('phantom')
    expect(WalletRegistry.findByName(queryClient, 'No Such Wallet')).toBeUndefined()
  })
})
