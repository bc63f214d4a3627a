import bs58 from 'bs58'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import * as Keys from './keys.js'

describe('fromEntropy', () => {
  // The BIP-39 test vector "abandon … about" (16 zero bytes); its accounts are the ones every
  // mainstream wallet shows for that phrase at these paths.
  it('derives the well-known accounts of the all-zero entropy', () => {
    const keys = Keys.fromEntropy(new Uint8Array(16))
    expect(keys.addresses.eip155).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(keys.addresses.solana).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('refuses entropy that is not 16 bytes', () => {
    expect(() => Keys.fromEntropy(new Uint8Array(32))).toThrow('16 bytes')
  })
})

describe('sameAddresses', () => {
  it('ignores the EVM checksum case but not a different Solana key', () => {
    const { addresses } = Keys.fromEntropy(new Uint8Array(16))
    expect(Keys.sameAddresses(addresses, { ...addresses, eip155: addresses.eip155.toLowerCase() })).toBe(true)
    expect(Keys.sameAddresses(addresses, { ...addresses, solana: '11111111111111111111111111111111' })).toBe(
      false,
    )
  })
})

describe('secretsOf', () => {
  it('gives the phrase and the keys that rebuild the same accounts', () => {
    const entropy = new Uint8Array(16)
    const secrets = Keys.secretsOf(entropy)
    const { addresses } = Keys.fromEntropy(entropy)
    expect(secrets.mnemonic).toBe(`${'abandon '.repeat(11)}about`)
    expect(privateKeyToAccount(secrets.evmPrivateKey).address).toBe(addresses.eip155)
    // Solana's 64-byte form is seed || public key, and the public key is the address.
    const pair = bs58.decode(secrets.solanaSecretKey)
    expect(pair).toHaveLength(64)
    expect(bs58.encode(pair.slice(32))).toBe(addresses.solana)
  })
})
