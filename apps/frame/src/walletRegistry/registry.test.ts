import type { WalletsResponse } from '@walletframe/protocol/walletRegistry'
import { describe, expect, it } from 'vitest'
import * as Registry from './registry.js'

describe('create', () => {
  it('serves the bundled registry, searched and paged, when the frame has no API', async () => {
    const registry = Registry.create({}, () => Promise.reject(new Error('no network expected')))
    const first = await registry.list({ page: 1, entries: 5 })
    expect(first.data).toHaveLength(5)
    expect(first.count).toBeGreaterThanOrEqual(20)
    const found = await registry.list({ page: 1, entries: 5, search: 'phant' })
    expect(found.data.map((wallet) => wallet.name)).toEqual(['Phantom'])
    // Wallets seen in a list are recognised by the name a wallet app reports.
    expect(registry.findByName('PHANTOM')?.id).toBe('phantom')
  })

  it('asks the API with page, entries, search and the project when it has one', async () => {
    const requested: URL[] = []
    const body: WalletsResponse = {
      count: 1,
      data: [{ id: 'rainbow', name: 'Rainbow', imageUrl: 'data:,', chains: ['eip155:1'] }],
    }
    const registry = Registry.create(
      { apiUrl: 'http://127.0.0.1:4000' },
      async (input) => {
        requested.push(new URL(String(input)))
        return Response.json(body)
      },
      { projectId: () => 'p1' },
    )
    await expect(registry.list({ page: 2, entries: 10, search: 'rain' })).resolves.toEqual(body)
    expect(requested[0]?.pathname).toBe('/v1/wallets')
    expect(Object.fromEntries(requested[0]?.searchParams ?? [])).toMatchObject({
      page: '2',
      entries: '10',
      search: 'rain',
      projectId: 'p1',
    })
  })

  it('fails with a typed error when the API answers an error', async () => {
    const registry = Registry.create(
      { apiUrl: 'http://127.0.0.1:4000' },
      async () => new Response('', { status: 503 }),
    )
    await expect(registry.list({ page: 1, entries: 10 })).rejects.toMatchObject({
      name: 'WalletRegistryError',
      code: 'WALLET_REGISTRY_UNAVAILABLE',
      message: 'The wallet list did not load (HTTP 503)',
    })
  })
})
