import { concat, numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import * as SignedOperation from './signedOperation.js'

const signature = `0x${'11'.repeat(65)}` as const
const data = (validUntil: number, validAfter = 0) =>
  concat([numberToHex(validUntil, { size: 6 }), numberToHex(validAfter, { size: 6 }), signature])

describe('validUntilOf', () => {
  it('reads validUntil from the first six bytes of the verifying paymaster’s data', () => {
    expect(SignedOperation.validUntilOf(data(1_800_000_000, 1_700_000_000))).toEqual(
      new Date(1_800_000_000_000),
    )
  })

  it('says a validUntil of 0 has no end, as ERC-4337 reads it', () => {
    expect(SignedOperation.validUntilOf(data(0))).toBeUndefined()
  })

  it('finds no end in data too short to hold a window', () => {
    expect(SignedOperation.validUntilOf('0x1234')).toBeUndefined()
  })
})
