import { describe, expect, it } from 'vitest'
import { ReviewRequest } from './review.js'
import { maxSolanaTransactionBytes, SolanaTransactionBase64 } from './solanaSimulate.js'

const largest = Buffer.alloc(maxSolanaTransactionBytes, 1).toString('base64')

describe('SolanaTransactionBase64', () => {
  it('takes base64 up to a transaction of 1232 bytes, and refuses more or other text', () => {
    expect(SolanaTransactionBase64.safeParse(largest).success).toBe(true)
    expect(SolanaTransactionBase64.safeParse(Buffer.alloc(1233, 1).toString('base64')).success).toBe(false)
    expect(SolanaTransactionBase64.safeParse('not base64!').success).toBe(false)
    expect(SolanaTransactionBase64.safeParse('').success).toBe(false)
  })
})

describe('ReviewRequest', () => {
  const body = {
    projectId: 'app',
    origin: 'https://dapp.example',
    chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    request: { kind: 'solanaTransaction', transaction: largest },
  }
  it('takes a Solana signer as well as an EVM one, and nothing else', () => {
    expect(
      ReviewRequest.safeParse({ ...body, from: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }).success,
    ).toBe(true)
    expect(
      ReviewRequest.safeParse({ ...body, from: '0x1111111111111111111111111111111111111111' }).success,
    ).toBe(true)
    expect(ReviewRequest.safeParse({ ...body, from: '0OIl' }).success).toBe(false)
  })
})
