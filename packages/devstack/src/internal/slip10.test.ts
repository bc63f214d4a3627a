import { bytesToHex, hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { solanaAccount } from '../accounts.js'
import { deriveEd25519Seed } from './slip10.js'

// SLIP-0010 test vector 1 for ed25519.
const seed = hexToBytes('0x000102030405060708090a0b0c0d0e0f')

describe('deriveEd25519Seed', () => {
  it('matches the SLIP-0010 ed25519 test vector', () => {
    expect(bytesToHex(deriveEd25519Seed(seed, 'm'))).toBe(
      '0x2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    )
    expect(bytesToHex(deriveEd25519Seed(seed, "m/0'"))).toBe(
      '0x68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
    expect(bytesToHex(deriveEd25519Seed(seed, "m/0'/1'"))).toBe(
      '0xb1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    )
  })

  it('refuses non-hardened segments, which ed25519 cannot derive', () => {
    expect(() => deriveEd25519Seed(seed, "m/44'/501'/0")).toThrow(/hardened/)
  })

  it('gives distinct, stable Solana test keys', () => {
    const first = solanaAccount(0)
    expect(solanaAccount(0)).toEqual(first)
    expect(solanaAccount(1).address).not.toBe(first.address)
  })
})
