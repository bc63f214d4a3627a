import { describe, expect, it } from 'vitest'
import { announced, request } from './capabilities.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const perChain = {
  '0x0': { flowControl: { supported: true } },
  '0x1': { atomic: { status: 'supported' } },
  '0x2105': { paymasterService: { supported: true } },
}
const properties = (capabilities: unknown) => ({ capabilities: JSON.stringify(capabilities) })

describe('request', () => {
  const accounts = [
    `eip155:1:${address}`,
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  ]

  it('reads the address and the chains', () => {
    expect(request([address.toLowerCase(), ['0x1']], accounts)).toEqual({
      address: address.toLowerCase(),
      chainIds: ['0x1'],
    })
  })

  it('needs an address (-32602)', () => {
    for (const params of [undefined, [], [null], [{}]])
      expect(() => request(params, accounts)).toThrowError(
        expect.objectContaining({
          code: -32602,
          message: 'The capabilities request needs an address parameter',
        }),
      )
  })

  it('refuses malformed chain ids (-32602)', () => {
    expect(() => request([address, ['1']], accounts)).toThrowError(expect.objectContaining({ code: -32602 }))
    expect(() => request([address, '0x1'], accounts)).toThrowError(expect.objectContaining({ code: -32602 }))
  })

  it("refuses an address that is not one of the session's EVM accounts (4100)", () => {
    expect(() => request(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], accounts)).toThrowError(
      expect.objectContaining({ code: 4100 }),
    )
    // A Solana account with the same text after its chain is not an EVM account.
    expect(() => request([address], [`solana:x:${address}`])).toThrowError(
      expect.objectContaining({ code: 4100 }),
    )
  })
})

describe('announced', () => {
  it("gives the address's capabilities per chain, whatever the address's case", () => {
    expect(announced(properties({ [address.toLowerCase()]: perChain }), address)).toEqual(perChain)
    expect(announced(properties({ [address]: perChain }), address.toUpperCase().replace('0X', '0x'))).toEqual(
      perChain,
    )
  })

  it('keeps the chains asked for and the every-chain entry', () => {
    expect(announced(properties({ [address]: perChain }), address, ['0x2105', '0x89'])).toEqual({
      '0x0': { flowControl: { supported: true } },
      '0x2105': { paymasterService: { supported: true } },
    })
  })

  it('says nothing for an address, or a session, without an announcement', () => {
    expect(
      announced(properties({ '0x70997970C51812dc3A010C7d01b50e0d17dc79C8': perChain }), address),
    ).toBeUndefined()
    expect(announced(undefined, address)).toBeUndefined()
    expect(announced({ bundler_name: 'pimlico' }, address)).toBeUndefined()
  })

  it('says nothing for a malformed announcement, so the wallet is asked instead', () => {
    expect(announced({ capabilities: '{not json' }, address)).toBeUndefined()
    expect(announced({ capabilities: 42 }, address)).toBeUndefined()
    expect(announced(properties({ [address]: { '1': { atomic: {} } } }), address)).toBeUndefined()
    expect(announced(properties({ [address]: { '0x1': 'supported' } }), address)).toBeUndefined()
    expect(announced(properties([perChain]), address)).toBeUndefined()
  })
})
