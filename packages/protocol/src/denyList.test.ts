import { describe, expect, it } from 'vitest'
import { DenyListError, deniedOf, parseDenyList } from './denyList.js'
import { denyListFixture } from './testing.js'

const { drainer, other } = denyListFixture
const list = parseDenyList(denyListFixture.text)

describe('parseDenyList', () => {
  it('reads addresses, CAIP-10 accounts, comments and blank lines', () => {
    expect(list.anyNetwork).toEqual(new Set([drainer.toLowerCase()]))
    expect(list.byNetwork.size).toBe(2)
  })
  it('names the line of an entry it cannot read', () => {
    expect(() => parseDenyList(`${drainer}\nnot an address`)).toThrow(
      new DenyListError(2, '"not an address" is neither an EVM address nor a CAIP-10 account'),
    )
  })
})

describe('deniedOf', () => {
  it('names each listed counterparty once: any network whatever its case, a CAIP-10 entry on its network only', () => {
    expect(deniedOf(list, 'eip155:1', [drainer.toLowerCase(), drainer, other])).toEqual([
      drainer.toLowerCase(),
      drainer,
    ])
    expect(deniedOf(list, 'eip155:8453', [other, other])).toEqual([other])
  })
})
