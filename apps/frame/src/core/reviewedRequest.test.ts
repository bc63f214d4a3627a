import { describe, expect, it } from 'vitest'
import { messageText, reviewedRequestOf } from './reviewedRequest.js'

const to = '0x000000000000000000000000000000000000dEaD'

describe('reviewedRequestOf', () => {
  it('reads the one call of eth_sendTransaction, its value as a bare hex quantity, and its chain', () => {
    expect(
      reviewedRequestOf('eth_sendTransaction', [
        { from: to, to, value: '0x00de0b6b3a7640000', chainId: '0x2105' },
      ]),
    ).toEqual({
      kind: 'calls',
      calls: [{ to, value: '0xde0b6b3a7640000' }],
      chainId: 'eip155:8453',
    })
  })
  it('drops empty calldata and a zero value', () => {
    expect(reviewedRequestOf('eth_sendTransaction', [{ to, data: '0x', value: '0x0' }])).toEqual({
      kind: 'calls',
      calls: [{ to }],
    })
  })
  it('has no review for a contract deployment (no target)', () => {
    expect(reviewedRequestOf('eth_sendTransaction', [{ data: '0x6000' }])).toBeUndefined()
  })
  it('reads every call of wallet_sendCalls, and none when one has no target', () => {
    const calls = [
      { to, data: '0xa9059cbb' },
      { to, value: '0x1' },
    ]
    expect(reviewedRequestOf('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls }])).toEqual({
      kind: 'calls',
      calls,
      chainId: 'eip155:1',
    })
    expect(reviewedRequestOf('wallet_sendCalls', [{ calls: [...calls, { data: '0x' }] }])).toBeUndefined()
  })
  it('parses the typed data of eth_signTypedData_v4, given as JSON text or as an object', () => {
    const typedData = { primaryType: 'Mail', domain: {}, message: {} }
    expect(reviewedRequestOf('eth_signTypedData_v4', [to, JSON.stringify(typedData)])).toEqual({
      kind: 'typedData',
      typedData,
    })
    expect(reviewedRequestOf('eth_signTypedData_v4', [to, typedData])).toEqual({
      kind: 'typedData',
      typedData,
    })
    expect(reviewedRequestOf('eth_signTypedData_v4', [to, '{nope'])).toBeUndefined()
  })
  it('reads personal_sign as text and eth_sign as a bare hash', () => {
    expect(reviewedRequestOf('personal_sign', ['0x6869', to])).toEqual({ kind: 'message', message: 'hi' })
    expect(reviewedRequestOf('eth_sign', [to, `0x${'ab'.repeat(32)}`])).toEqual({ kind: 'hash' })
  })
  it('reads the base64 transaction of both Solana signing calls, and none that is not one', () => {
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction'])
      expect(reviewedRequestOf(method, { transaction: 'AQID' })).toEqual({
        kind: 'solanaTransaction',
        transaction: 'AQID',
      })
    expect(reviewedRequestOf('solana_signTransaction', { transaction: 'not base64!' })).toBeUndefined()
    // Over the 1232-byte wire limit of a Solana transaction.
    expect(reviewedRequestOf('solana_signTransaction', { transaction: 'A'.repeat(1648) })).toBeUndefined()
  })
  it('has no review for other methods', () => {
    expect(reviewedRequestOf('solana_signTransaction', [{}])).toBeUndefined()
    expect(reviewedRequestOf('solana_signMessage', { message: 'abc' })).toBeUndefined()
    expect(reviewedRequestOf('eth_call', [{ to }])).toBeUndefined()
  })
})

describe('messageText', () => {
  it('decodes hex that is UTF-8 text, and leaves other hex and plain text as they are', () => {
    expect(messageText('0x48656c6c6f20e282ac')).toBe('Hello €')
    expect(messageText('0xff00')).toBe('0xff00')
    expect(messageText('plain words')).toBe('plain words')
  })
})
