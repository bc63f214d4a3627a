import { describe, expect, it } from 'vitest'
import * as RecentWallets from './recentWallets.js'

const wallet = (id: string) => ({ id, name: id, imageUrl: 'data:,', chains: [] })

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('add', () => {
  it('keeps the newest two wallets, newest first, without duplicates', () => {
    let list = RecentWallets.add([], wallet('a'))
    list = RecentWallets.add(list, wallet('b'))
    list = RecentWallets.add(list, wallet('c'))
    expect(list.map((item) => item.id)).toEqual(['c', 'b'])
    expect(RecentWallets.add(list, wallet('b')).map((item) => item.id)).toEqual(['b', 'c'])
  })
})

describe('remember', () => {
  it('persists the list across loads', () => {
    const storage = memoryStorage()
    RecentWallets.remember(storage, wallet('a'))
    RecentWallets.remember(storage, wallet('b'))
    expect(RecentWallets.load(storage).map((item) => item.id)).toEqual(['b', 'a'])
  })
})

describe('load', () => {
  it('starts empty when the stored value is not a wallet list', () => {
    const storage = memoryStorage()
    storage.setItem(RecentWallets.storageKey, '{not json')
    expect(RecentWallets.load(storage)).toEqual([])
    storage.setItem(RecentWallets.storageKey, JSON.stringify([{ id: 1 }]))
    expect(RecentWallets.load(storage)).toEqual([])
  })
})
