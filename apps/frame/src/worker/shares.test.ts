import * as Keys from '@walletframe/recover/keys'
import { describe, expect, it } from 'vitest'
import * as Shares from './shares.js'

const entropy = crypto.getRandomValues(new Uint8Array(16))
const { addresses } = Keys.fromEntropy(entropy)

describe('split / combine', () => {
  it('rebuilds the wallet from any two of the three shares', async () => {
    const { device, auth, recovery } = await Shares.split(entropy)
    for (const [a, b] of [
      [device, auth],
      [auth, recovery],
      [recovery, device],
    ] as const) {
      const combined = await Shares.combine(a, b, addresses)
      expect(combined.entropy).toEqual(entropy)
      expect(combined.keys.addresses).toEqual(addresses)
    }
  })

  it('refuses one share twice, a damaged share and another wallet’s share', async () => {
    const { device, auth } = await Shares.split(entropy)
    await expect(Shares.combine(auth, auth, addresses)).rejects.toBeInstanceOf(Shares.ShareMismatchError)
    const damaged = auth.slice()
    damaged[0]! ^= 1
    await expect(Shares.combine(device, damaged, addresses)).rejects.toBeInstanceOf(Shares.ShareMismatchError)
    const other = await Shares.split(crypto.getRandomValues(new Uint8Array(16)))
    await expect(Shares.combine(device, other.auth, addresses)).rejects.toBeInstanceOf(
      Shares.ShareMismatchError,
    )
  })

  it('reveals nothing from one share: it is as long as the secret and differs on every split', async () => {
    const first = await Shares.split(entropy)
    const second = await Shares.split(entropy)
    expect(first.auth.length).toBe(17)
    expect(first.auth).not.toEqual(second.auth)
    expect(first.auth.subarray(0, 16)).not.toEqual(entropy)
  })
})

describe('deviceShareOf', () => {
  it('gives the same device share again from the auth and recovery shares', async () => {
    for (let i = 0; i < 20; i++) {
      const { device, auth, recovery } = await Shares.split(entropy)
      expect(await Shares.deviceShareOf(auth, recovery)).toEqual(device)
      expect(await Shares.deviceShareOf(recovery, auth)).toEqual(device)
    }
  })
})
