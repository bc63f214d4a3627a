import { describe, expect, it } from 'vitest'
import * as ConnectionState from './connectionState.js'

const now = 1_700_000_000_000
const uriExpiringIn = (ms: number) =>
  `wc:abc@2?relay-protocol=irn&symKey=00&expiryTimestamp=${Math.floor((now + ms) / 1000)}`

describe('pairingExpiry', () => {
  it("takes the URI's expiryTimestamp when it is within the 4-minute lifetime", () => {
    expect(ConnectionState.pairingExpiry(uriExpiringIn(60_000), now)).toBe(now + 60_000)
  })

  it('caps the lifetime at 4 minutes', () => {
    expect(ConnectionState.pairingExpiry(uriExpiringIn(5 * 60_000), now)).toBe(now + 4 * 60_000)
    expect(ConnectionState.pairingExpiry('wc:abc@2?relay-protocol=irn', now)).toBe(now + 4 * 60_000)
  })
})

describe('isPairingExpired', () => {
  it('treats a pairing with under 10 s left as expired', () => {
    expect(ConnectionState.isPairingExpired({ wcPairingExpiry: now + 10_000 }, now)).toBe(false)
    expect(ConnectionState.isPairingExpired({ wcPairingExpiry: now + 9_999 }, now)).toBe(true)
    expect(ConnectionState.isPairingExpired({ wcPairingExpiry: undefined }, now)).toBe(true)
  })
})

describe('refreshDelay', () => {
  it('refreshes 10 s before expiry, never in the past', () => {
    expect(ConnectionState.refreshDelay(now + 240_000, now)).toBe(230_000)
    expect(ConnectionState.refreshDelay(now + 5_000, now)).toBe(0)
  })
})

describe('create', () => {
  it('goes disconnected -> connecting -> connected', () => {
    const store = ConnectionState.create()
    expect(store.get().status).toBe('disconnected')
    store.buffering()
    expect(store.get()).toMatchObject({ status: 'connecting', buffering: true })
    store.paired(uriExpiringIn(240_000), now)
    expect(store.get()).toMatchObject({
      status: 'connecting',
      buffering: false,
      wcPairingExpiry: now + 240_000,
    })
    store.connected()
    expect(store.get()).toMatchObject({ status: 'connected', wcUri: undefined, wcPairingExpiry: undefined })
  })

  it('reset clears URI, expiry, linking, recent wallet and error', () => {
    const store = ConnectionState.create()
    store.paired(uriExpiringIn(240_000), now)
    store.setLinking({ name: 'MetaMask', href: 'metamask://wc?uri=x' })
    store.setRecentWallet({ id: 'metamask', name: 'MetaMask', imageUrl: 'data:,', chains: [] })
    store.failed('boom')
    store.reset()
    expect(store.get()).toEqual(ConnectionState.initial)
  })
})
