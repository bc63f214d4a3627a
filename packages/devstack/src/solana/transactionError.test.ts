import { describe, expect, it } from 'vitest'
import { uiAmount } from './TokenBalances.js'
import * as TransactionError from './transactionError.js'

describe('describe', () => {
  it("words errors the way agave's RPC does", () => {
    expect(TransactionError.describe({ InstructionError: [0, { Custom: 1 }] })).toBe(
      'Error processing Instruction 0: custom program error: 0x1',
    )
    expect(TransactionError.describe('BlockhashNotFound')).toBe('Blockhash not found')
    expect(TransactionError.describe({ InstructionError: [1, 'InvalidAccountData'] })).toBe(
      'Error processing Instruction 1: invalid account data',
    )
  })
})

describe('landed', () => {
  it('counts executed failures as landed and load-time failures as not', () => {
    expect(TransactionError.landed({ InstructionError: [0, { Custom: 1 }] })).toBe(true)
    expect(TransactionError.landed({ InsufficientFundsForRent: { account_index: 1 } })).toBe(true)
    expect(TransactionError.landed('AccountNotFound')).toBe(false)
    expect(TransactionError.landed({ DuplicateInstruction: 0 })).toBe(false)
  })
})

describe('uiAmount', () => {
  it('formats raw token amounts with their decimals', () => {
    expect(uiAmount(1_500_000n, 6)).toEqual({
      amount: '1500000',
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: '1.5',
    })
    expect(uiAmount(5n, 6).uiAmountString).toBe('0.000005')
    expect(uiAmount(42n, 0).uiAmountString).toBe('42')
    expect(uiAmount(0n, 9).uiAmount).toBe(0)
  })
})
