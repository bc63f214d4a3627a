import { describe, expect, it } from 'vitest'
import * as z from '../internal/zod.js'
import { userOperation } from '../testing.js'
import {
  maxPaymasterFieldBytes,
  maxSponsoredContracts,
  PaymasterParams,
  PaymasterStubData,
  SponsorshipPolicy,
} from './paymaster.js'

const address = `0x${'11'.repeat(20)}`
const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const params = (fields?: Record<string, unknown>) => [userOperation(fields), entryPoint, '0x1', null]

describe('PaymasterParams', () => {
  it('takes an operation whose hex fields are within their bounds', () => {
    const full = `0x${'ab'.repeat(maxPaymasterFieldBytes)}`
    expect(z.safeParse(PaymasterParams, params({ callData: full, factoryData: full })).success).toBe(true)
  })

  it('refuses calldata or factory data past the bound, NUL in a field, and a quantity past 256 bits', () => {
    const over = `0x${'ab'.repeat(maxPaymasterFieldBytes + 1)}`
    for (const fields of [
      { callData: over },
      { factoryData: over },
      { callData: '0x\u0000' },
      { sender: `${address}\u0000` },
      { nonce: `0x${'f'.repeat(65)}` },
    ])
      expect(z.safeParse(PaymasterParams, params(fields)).success, JSON.stringify(fields).slice(0, 80)).toBe(
        false,
      )
  })
})

describe('SponsorshipPolicy', () => {
  it('names at most maxSponsoredContracts contracts, and a budget of at most 78 digits', () => {
    const policy = (count: number, budgetWei = '1') => ({
      enabled: true,
      allowedContracts: Array.from({ length: count }, () => address),
      budgetWei,
    })
    expect(z.safeParse(SponsorshipPolicy, policy(maxSponsoredContracts)).success).toBe(true)
    expect(z.safeParse(SponsorshipPolicy, policy(maxSponsoredContracts + 1)).success).toBe(false)
    expect(z.safeParse(SponsorshipPolicy, policy(1, '9'.repeat(78))).success).toBe(true)
    for (const budgetWei of ['9'.repeat(79), '-1', '1\u0000', '0x1', ''])
      expect(z.safeParse(SponsorshipPolicy, policy(1, budgetWei)).success, budgetWei).toBe(false)
  })
})

describe('PaymasterStubData', () => {
  it('bounds the sponsor a paymaster names, and refuses NUL in it', () => {
    const stub = (sponsor: { name: string; icon?: string }) => ({
      sponsor,
      paymaster: address,
      paymasterData: '0x',
      paymasterVerificationGasLimit: '0x1',
      paymasterPostOpGasLimit: '0x1',
      isFinal: false,
    })
    expect(z.safeParse(PaymasterStubData, stub({ name: 'Walletframe devnet' })).success).toBe(true)
    for (const sponsor of [
      { name: 'n'.repeat(129) },
      { name: 'a\u0000' },
      { name: 'ok', icon: `data:image/png;base64,${'A'.repeat(64 * 1024)}` },
    ])
      expect(z.safeParse(PaymasterStubData, stub(sponsor)).success).toBe(false)
  })
})
