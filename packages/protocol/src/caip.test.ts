import { describe, expect, it } from 'vitest'
import {
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  formatAddress,
  formatNetworkId,
  InvalidCaipIdError,
  isCaipAddress,
  isCaipNetworkId,
  parseAddress,
  parseNetworkId,
} from './caip.js'

const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('CaipNetworkId', () => {
  for (const id of [
    'eip155:1',
    'eip155:8453',
    solanaMainnet,
    'bip122:000000000019d6689c085ae165831e93',
    'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  ])
    it(`accepts ${id}`, () => {
      expect(CaipNetworkId.safeParse(id).success).toBe(true)
      expect(isCaipNetworkId(id)).toBe(true)
    })
  for (const id of [
    'eip155',
    'eip155:',
    ':1',
    'eip155:1:0xab',
    'EIP155:1',
    'ei:1',
    'eip155:1 ',
    `eip155:${'1'.repeat(33)}`,
    'eip155:1.5',
  ])
    it(`rejects "${id}"`, () => {
      expect(CaipNetworkId.safeParse(id).success).toBe(false)
      expect(isCaipNetworkId(id)).toBe(false)
    })
  it('rejects non-strings', () => {
    expect(CaipNetworkId.safeParse(1).success).toBe(false)
    expect(isCaipNetworkId(1)).toBe(false)
  })
})

describe('CaipAddress', () => {
  for (const id of [`eip155:1:${evm}`, `${solanaMainnet}:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv`])
    it(`accepts ${id}`, () => {
      expect(CaipAddress.safeParse(id).success).toBe(true)
      expect(isCaipAddress(id)).toBe(true)
    })
  for (const id of [
    'eip155:1',
    `eip155:${evm}`,
    `eip155:1:${evm}:x`,
    'eip155:1:',
    `eip155:1:${'a'.repeat(129)}`,
    'eip155:1:a b',
  ])
    it(`rejects "${id}"`, () => {
      expect(CaipAddress.safeParse(id).success).toBe(false)
      expect(isCaipAddress(id)).toBe(false)
    })
})

describe('ChainNamespace', () => {
  it('accepts eip155, solana, bip122 and polkadot', () => {
    for (const namespace of ['eip155', 'solana', 'bip122', 'polkadot'])
      expect(ChainNamespace.safeParse(namespace).success).toBe(true)
  })
  it('rejects another namespace', () => {
    expect(ChainNamespace.safeParse('cosmos').success).toBe(false)
  })
})

describe('parseNetworkId', () => {
  it('splits namespace and reference', () => {
    expect(parseNetworkId(solanaMainnet)).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })
  it('throws InvalidCaipIdError on an account id', () => {
    expect(() => parseNetworkId(`eip155:1:${evm}`)).toThrow(InvalidCaipIdError)
  })
})

describe('parseAddress', () => {
  it('splits namespace, reference and address and keeps the network id', () => {
    expect(parseAddress(`eip155:8453:${evm}`)).toEqual({
      namespace: 'eip155',
      reference: '8453',
      address: evm,
      caipNetworkId: 'eip155:8453',
    })
  })
  it('throws with the offending value and a stable code', () => {
    const error = (() => {
      try {
        parseAddress('eip155:1')
      } catch (error) {
        return error
      }
    })()
    expect(error).toBeInstanceOf(InvalidCaipIdError)
    expect(error).toMatchObject({ code: 'INVALID_CAIP_ID', value: 'eip155:1' })
  })
})

describe('formatNetworkId', () => {
  it('formats a numeric reference', () => {
    expect(formatNetworkId('eip155', 8453)).toBe('eip155:8453')
  })
  it('round-trips through parseNetworkId', () => {
    const { namespace, reference } = parseNetworkId(solanaMainnet)
    expect(formatNetworkId(namespace, reference)).toBe(solanaMainnet)
  })
  it('throws on an invalid namespace', () => {
    expect(() => formatNetworkId('E', 1)).toThrow('Invalid CAIP network id: "E:1"')
  })
})

describe('formatAddress', () => {
  it('formats and round-trips through parseAddress', () => {
    const id = formatAddress('eip155:1', evm)
    expect(id).toBe(`eip155:1:${evm}`)
    expect(parseAddress(id).address).toBe(evm)
  })
  it('throws on an empty address', () => {
    expect(() => formatAddress('eip155:1', '')).toThrow(InvalidCaipIdError)
  })
})
