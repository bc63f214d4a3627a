import { describe, expect, it } from 'vitest'
import { chainOfCoinType, coinTypeOfChain, isNameLabel, NameRegistration, nameLabelOf } from './names.js'

describe('isNameLabel', () => {
  it('takes letters, digits and hyphens, 4 to 63 of them', () => {
    for (const label of ['abcd', 'a-b-c', '1234', 'x'.repeat(63)]) expect(isNameLabel(label)).toBe(true)
    for (const label of ['abc', 'a_bc', 'ab cd', 'émile', 'x'.repeat(64), 'abcd.wf'])
      expect(isNameLabel(label)).toBe(false)
  })
})

describe('nameLabelOf', () => {
  it('is the lowercased part before the zone', () => {
    expect(nameLabelOf('Alice.wf.id')).toBe('alice')
    expect(nameLabelOf('BOB')).toBe('bob')
  })
})

describe('coinTypeOfChain', () => {
  it('is 60 for Ethereum and 0x80000000 | chainId for other EVM chains (ENSIP-11), and back', () => {
    expect(coinTypeOfChain(1)).toBe(60)
    expect(coinTypeOfChain(8453)).toBe(2_147_492_101)
    for (const chain of [1, 10, 8453, 31337]) expect(chainOfCoinType(coinTypeOfChain(chain))).toBe(chain)
    expect(chainOfCoinType(0)).toBeUndefined()
    expect(chainOfCoinType(501)).toBeUndefined()
  })
})

describe('NameRegistration', () => {
  it('wants an EVM address and a hex signature', () => {
    const valid = { coin_type: 60, address: `0x${'ab'.repeat(20)}`, message: '{}', signature: '0x1234' }
    expect(NameRegistration.safeParse(valid).success).toBe(true)
    expect(NameRegistration.safeParse({ ...valid, address: 'alice.wf.id' }).success).toBe(false)
    expect(NameRegistration.safeParse({ ...valid, signature: 'abc' }).success).toBe(false)
    expect(NameRegistration.safeParse({ ...valid, coin_type: -1 }).success).toBe(false)
  })
})
