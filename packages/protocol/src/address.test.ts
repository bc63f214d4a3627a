import { describe, expect, it } from 'vitest'
import { EvmAddress, isAddressOf, SolanaAddress } from './address.js'

describe('EvmAddress', () => {
  for (const address of [
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    'f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    `0x${'0'.repeat(40)}`,
  ])
    it(`accepts ${address}`, () => expect(EvmAddress.safeParse(address).success).toBe(true))
  for (const address of [
    '0x',
    `0x${'a'.repeat(39)}`,
    `0x${'a'.repeat(41)}`,
    `0x${'g'.repeat(40)}`,
    `0X${'a'.repeat(40)}`,
    '',
  ])
    it(`rejects "${address}"`, () => expect(EvmAddress.safeParse(address).success).toBe(false))
})

describe('SolanaAddress', () => {
  for (const address of ['7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', '11111111111111111111111111111111'])
    it(`accepts ${address}`, () => expect(SolanaAddress.safeParse(address).success).toBe(true))
  for (const address of [
    '1'.repeat(31),
    '1'.repeat(45),
    `0${'1'.repeat(40)}`,
    `O${'1'.repeat(40)}`,
    `I${'1'.repeat(40)}`,
    `l${'1'.repeat(40)}`,
  ])
    it(`rejects "${address}"`, () => expect(SolanaAddress.safeParse(address).success).toBe(false))
})

describe('isAddressOf', () => {
  it('checks EVM addresses on eip155', () => {
    expect(isAddressOf('eip155', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isAddressOf('eip155', '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(false)
  })
  it('checks base58 on solana', () => {
    expect(isAddressOf('solana', '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe(true)
    expect(isAddressOf('solana', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })
  it('accepts any non-empty address on other namespaces', () => {
    expect(isAddressOf('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
    expect(isAddressOf('bip122', '')).toBe(false)
  })
})
