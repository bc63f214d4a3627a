import { select, WalletRegistryFile, WalletsResponse } from '@walletframe/protocol/walletRegistry'
import seed from '@walletframe/protocol/walletRegistry/registry.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { walletsRoutes } from './wallets.js'

const registry = WalletRegistryFile.parse(seed)

describe('walletsRoutes', () => {
  it('serves the first page of the seed registry', async () => {
    const response = await walletsRoutes().request('/v1/wallets?entries=5')
    expect(response.status).toBe(200)
    const body = WalletsResponse.parse(await response.json())
    expect(body.count).toBe(registry.wallets.length)
    expect(body.data.map((wallet) => wallet.id)).toEqual(registry.wallets.slice(0, 5).map((w) => w.id))
  })

  it('searches by name, case-insensitively', async () => {
    const response = await walletsRoutes().request('/v1/wallets?search=METAMASK')
    const body = WalletsResponse.parse(await response.json())
    expect(body.data.map((wallet) => wallet.rdns)).toEqual(['io.metamask'])
    expect(body.count).toBe(1)
  })

  it('answers 400 with the field for a bad page', async () => {
    const response = await walletsRoutes().request('/v1/wallets?page=0')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'page' })
  })
})

describe('select', () => {
  it('pages through every wallet exactly once', () => {
    const seen = [1, 2, 3, 4].flatMap((page) => select(registry.wallets, { page, entries: 7 }).data)
    expect(seen.map((wallet) => wallet.id)).toEqual(registry.wallets.map((wallet) => wallet.id))
  })
})

describe('registry.json', () => {
  it('holds about twenty wallets with a link to open each and self-contained images', () => {
    expect(registry.wallets.length).toBeGreaterThanOrEqual(20)
    for (const wallet of registry.wallets) {
      expect(wallet.mobileLink ?? wallet.universalLink).toBeTruthy()
      expect(wallet.imageUrl.startsWith('data:image/')).toBe(true)
    }
    expect(new Set(registry.wallets.map((wallet) => wallet.id)).size).toBe(registry.wallets.length)
  })
})
