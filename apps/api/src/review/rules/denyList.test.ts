import { DenyListError, parseDenyList } from '@walletframe/protocol'
import { denyListFixture } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { denyListFindings, denyListOf } from './denyList.js'

const { drainer, other } = denyListFixture
const list = parseDenyList(denyListFixture.text)

describe('denyListFindings', () => {
  it('finds an address listed for any network, whatever its case', () => {
    expect(denyListFindings(list, 'eip155:1', [drainer.toUpperCase().replace('0X', '0x')])).toHaveLength(1)
  })
  it('finds an account listed for its network only there', () => {
    expect(denyListFindings(list, 'eip155:8453', [other]).map((finding) => finding.rule)).toEqual([
      'deny-listed',
    ])
    expect(denyListFindings(list, 'eip155:1', [other])).toEqual([])
  })
  it('finds Solana accounts as written, once each', () => {
    const solana = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
    expect(denyListFindings(list, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', [solana, solana])).toHaveLength(
      1,
    )
  })
})

describe('denyListOf', () => {
  it('parses a text once and answers the same list for it after, while a bad text throws every time', () => {
    const text = '0x00000000000000000000000000000000000000aa\n'
    const first = denyListOf(text)
    expect(denyListOf(`${text}`)).toBe(first)
    expect(first.anyNetwork.has('0x00000000000000000000000000000000000000aa')).toBe(true)
    for (let count = 0; count < 20; count++) denyListOf(`# list ${count}\n`)
    expect(denyListOf(text)).not.toBe(first)
    expect(() => denyListOf('nonsense')).toThrow(DenyListError)
    expect(() => denyListOf('nonsense')).toThrow(DenyListError)
  })
})
