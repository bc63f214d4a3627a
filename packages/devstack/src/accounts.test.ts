import { describe, expect, it } from 'vitest'
import { solanaAccount } from './accounts.js'

describe('solanaAccount', () => {
  it('gives distinct, stable Solana test keys', () => {
    const first = solanaAccount(0)
    expect(solanaAccount(0)).toEqual(first)
    expect(solanaAccount(1).address).not.toBe(first.address)
  })
})
