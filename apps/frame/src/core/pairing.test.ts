import { describe, expect, it, vi } from 'vitest'
import * as Pairing from './pairing.js'

const pairing = {} as NonNullable<Pairing.State['pairing']>

describe('create', () => {
  it('offers nothing and loads nothing until the wiring offers pairing', async () => {
    const store = Pairing.create()
    expect(store.get()).toEqual({ offered: false, pairing: undefined })
    await expect(store.load()).resolves.toBeUndefined()
  })
})

describe('offer', () => {
  it('marks pairing offered and loads it through the given loader', async () => {
    const store = Pairing.create()
    const load = vi.fn(async () => pairing)
    store.offer(load)
    expect(store.get().offered).toBe(true)
    await expect(store.load()).resolves.toBe(pairing)
    expect(load).toHaveBeenCalledOnce()
  })
})

describe('loaded', () => {
  it('tells listeners of the pairing loaded and of it being dropped', () => {
    const store = Pairing.create()
    const seen: Pairing.State[] = []
    store.subscribe((state) => seen.push(state))
    store.loaded(pairing)
    store.loaded(undefined)
    expect(seen.map((state) => state.pairing)).toEqual([pairing, undefined])
  })
})
