import type { TokenBalance } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { accountMessages } from './accountMessages.js'
import {
  isInsufficientGas,
  parseAmount,
  type SendCheck,
  toUsd,
  unitsOf,
  validateSend,
} from './sendValidation.js'

const evmReceiver = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const solanaReceiver = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
const ether = 10n ** 18n

const eth: Pick<TokenBalance, 'address' | 'quantity'> = { quantity: { decimals: '18', numeric: '2' } }
const usdc: Pick<TokenBalance, 'address' | 'quantity'> = {
  address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  quantity: { decimals: '6', numeric: '100.5' },
}

/** A native ETH send of 1 ETH out of 2, fee 0.001 ETH at $2,000 per ETH: everything right. */
const evmSend = (overrides: Partial<SendCheck> = {}): SendCheck => ({
  namespace: 'eip155',
  token: eth,
  amount: '1',
  receiver: evmReceiver,
  receiverAccepted: true,
  fee: { status: 'ready', fee: ether / 1000n, gasPrice: 10n ** 9n },
  native: { balance: 2n * ether, decimals: 18, price: 2000 },
  ...overrides,
})

const solanaSend = (overrides: Partial<SendCheck> = {}): SendCheck => ({
  namespace: 'solana',
  token: { quantity: { decimals: '9', numeric: '3' } },
  amount: '1.5',
  receiver: solanaReceiver,
  receiverAccepted: true,
  fee: { status: 'ready', fee: 5000n },
  native: { balance: 3_000_000_000n, decimals: 9, price: 150 },
  ...overrides,
})

describe('parseAmount', () => {
  it('reads whole, fractional and leading-dot amounts exactly in the smallest unit', () => {
    expect(parseAmount('1.5', 18)).toEqual({ ok: true, value: 1_500_000_000_000_000_000n })
    expect(parseAmount('.25', 6)).toEqual({ ok: true, value: 250_000n })
    expect(parseAmount(' 10. ', 6)).toEqual({ ok: true, value: 10_000_000n })
    expect(parseAmount('0.000001', 6)).toEqual({ ok: true, value: 1n })
  })

  it('says "Incorrect amount" for text that is not a plain decimal number', () => {
    for (const text of ['abc', '1.2.3', '-1', '1e5', '1,5', '.', '0x10', '']) {
      expect(parseAmount(text, 18)).toEqual({ ok: false, message: accountMessages.incorrectAmount })
    }
  })

  it('says "Incorrect amount" for more decimals than the token has, instead of rounding', () => {
    expect(parseAmount('1.0000001', 6)).toEqual({ ok: false, message: accountMessages.incorrectAmount })
    expect(parseAmount('1.5', 0)).toEqual({ ok: false, message: accountMessages.incorrectAmount })
  })

  it('says "Please enter a valid amount" for zero', () => {
    for (const text of ['0', '0.000', '.0']) {
      expect(parseAmount(text, 6)).toEqual({ ok: false, message: accountMessages.invalidAmount })
    }
  })
})

describe('unitsOf', () => {
  it('reads the balance service text in the smallest unit, dropping digits past the decimals', () => {
    expect(unitsOf('100.5', 6)).toBe(100_500_000n)
    expect(unitsOf('0.1234567', 6)).toBe(123_456n)
    expect(unitsOf('7', 0)).toBe(7n)
  })
})

describe('toUsd', () => {
  it('prices smallest units at a unit price', () => {
    expect(toUsd(ether / 2n, 18, 2000)).toBe(1000)
    expect(toUsd(5000n, 9, 150)).toBeCloseTo(0.00075)
  })
})

describe('isInsufficientGas', () => {
  it('is true when the network balance in USD is 0', () => {
    expect(isInsufficientGas({ networkBalanceInUSD: 0, gasPriceInUSD: 0 })).toBe(true)
  })

  it('is true when the network balance in USD is below the gas price in USD, false at or above it', () => {
    expect(isInsufficientGas({ networkBalanceInUSD: 0.5, gasPriceInUSD: 0.51 })).toBe(true)
    expect(isInsufficientGas({ networkBalanceInUSD: 0.51, gasPriceInUSD: 0.51 })).toBe(false)
    expect(isInsufficientGas({ networkBalanceInUSD: 10, gasPriceInUSD: 0.51, accountType: 'eoa' })).toBe(
      false,
    )
  })

  it('is never true for a smart account', () => {
    expect(isInsufficientGas({ networkBalanceInUSD: 0, gasPriceInUSD: 3, accountType: 'smartAccount' })).toBe(
      false,
    )
  })
})

describe('validateSend', () => {
  it('accepts a complete native EVM send with the amount in wei', () => {
    expect(validateSend(evmSend())).toEqual({ status: 'ready', amount: ether })
  })

  it('accepts an ERC20 send with the amount in the token unit', () => {
    expect(validateSend(evmSend({ token: usdc, amount: '100.5' }))).toEqual({
      status: 'ready',
      amount: 100_500_000n,
    })
  })

  it('accepts a Solana send, which has no gas price', () => {
    expect(validateSend(solanaSend())).toEqual({ status: 'ready', amount: 1_500_000_000n })
  })

  it('says "Unsupported chain" for a namespace other than eip155 and solana', () => {
    expect(validateSend(evmSend({ namespace: 'bip122' }))).toEqual({
      status: 'invalid',
      message: accountMessages.unsupportedChain,
    })
  })

  it('asks for an amount and a receiver when either, or the token, is missing', () => {
    const expected = { status: 'invalid', message: accountMessages.invalidAmountAndReceiver }
    expect(validateSend(evmSend({ amount: ' ' }))).toEqual(expected)
    expect(validateSend(evmSend({ receiver: '' }))).toEqual(expected)
    expect(validateSend(evmSend({ token: undefined }))).toEqual(expected)
    expect(validateSend(solanaSend({ amount: '' }))).toEqual(expected)
    expect(validateSend(solanaSend({ receiver: '' }))).toEqual(expected)
  })

  it('asks for a receiver when it is not an address of the network (shape or the chain family says no)', () => {
    const expected = { status: 'invalid', message: accountMessages.invalidAmountAndReceiver }
    expect(validateSend(evmSend({ receiver: '0x1234' }))).toEqual(expected)
    expect(validateSend(evmSend({ receiver: solanaReceiver }))).toEqual(expected)
    expect(validateSend(evmSend({ receiverAccepted: false }))).toEqual(expected)
    expect(validateSend(solanaSend({ receiver: evmReceiver }))).toEqual(expected)
  })

  it('needs the gas price for a native EVM send', () => {
    expect(validateSend(evmSend({ fee: { status: 'ready', fee: 1n } }))).toEqual({
      status: 'invalid',
      message: accountMessages.invalidAmountAndReceiver,
    })
    expect(
      validateSend(evmSend({ token: usdc, amount: '1', fee: { status: 'ready', fee: 1n } })).status,
    ).toBe('ready')
  })

  it('passes the amount errors on', () => {
    expect(validateSend(evmSend({ amount: '1.2.3' }))).toEqual({
      status: 'invalid',
      message: accountMessages.incorrectAmount,
    })
    expect(validateSend(evmSend({ token: usdc, amount: '0.0000001' }))).toEqual({
      status: 'invalid',
      message: accountMessages.incorrectAmount,
    })
    expect(validateSend(solanaSend({ amount: '0' }))).toEqual({
      status: 'invalid',
      message: accountMessages.invalidAmount,
    })
  })

  it('says "Insufficient balance" for one unit more than the balance, and accepts the whole token balance', () => {
    expect(validateSend(evmSend({ token: usdc, amount: '100.500001' }))).toEqual({
      status: 'invalid',
      message: accountMessages.insufficientBalance,
    })
    expect(validateSend(evmSend({ token: usdc, amount: '100.500000' })).status).toBe('ready')
  })

  it('says "Insufficient balance" when the native balance cannot pay the gas', () => {
    const outOfGas = { status: 'invalid', message: accountMessages.insufficientBalance }
    // No ETH at all: zero in USD.
    expect(
      validateSend(evmSend({ token: usdc, native: { balance: 0n, decimals: 18, price: 2000 } })),
    ).toEqual(outOfGas)
    // Less ETH than the fee.
    const fee = { status: 'ready' as const, fee: ether / 100n, gasPrice: 1n }
    expect(
      validateSend(
        evmSend({ token: usdc, fee, native: { balance: ether / 200n, decimals: 18, price: 2000 } }),
      ),
    ).toEqual(outOfGas)
    expect(
      validateSend(
        solanaSend({
          token: { address: 'solana:x:mint', quantity: { decimals: '6', numeric: '5' } },
          amount: '1',
          native: { balance: 4000n, decimals: 9, price: 150 },
        }),
      ),
    ).toEqual(outOfGas)
  })

  it('says "Insufficient balance" when a native amount and its fee together exceed the balance', () => {
    expect(validateSend(evmSend({ amount: '2' }))).toEqual({
      status: 'invalid',
      message: accountMessages.insufficientBalance,
    })
    expect(validateSend(evmSend({ amount: '1.999' })).status).toBe('ready')
  })

  it('compares in the currency itself when the native currency has no price', () => {
    const unpriced = { balance: ether / 200n, decimals: 18, price: 0 }
    expect(validateSend(evmSend({ token: usdc, native: unpriced })).status).toBe('ready')
    expect(
      validateSend(
        evmSend({ token: usdc, native: unpriced, fee: { status: 'ready', fee: ether, gasPrice: 1n } }),
      ),
    ).toEqual({ status: 'invalid', message: accountMessages.insufficientBalance })
  })

  it('never finds a smart account out of gas', () => {
    expect(
      validateSend(
        evmSend({
          token: usdc,
          native: { balance: 0n, decimals: 18, price: 2000 },
          accountType: 'smartAccount',
        }),
      ).status,
    ).toBe('ready')
  })

  it('says "Insufficient balance" without a native balance before the fee is known, or when it cannot be', () => {
    const empty = { balance: 0n, decimals: 18, price: 2000 }
    const outOfGas = { status: 'invalid', message: accountMessages.insufficientBalance }
    expect(validateSend(evmSend({ token: usdc, native: empty, fee: { status: 'pending' } }))).toEqual(
      outOfGas,
    )
    expect(
      validateSend(
        evmSend({
          token: usdc,
          native: empty,
          fee: { status: 'failed', message: 'gas required exceeds allowance' },
        }),
      ),
    ).toEqual(outOfGas)
  })

  it('waits for the network fee, and passes a failed estimate on', () => {
    expect(validateSend(evmSend({ fee: { status: 'pending' } }))).toEqual({ status: 'estimating' })
    expect(
      validateSend(evmSend({ fee: { status: 'failed', message: 'Cannot estimate the network fee: down' } })),
    ).toEqual({ status: 'invalid', message: 'Cannot estimate the network fee: down' })
  })

  it('reports a form error before the fee is known', () => {
    expect(validateSend(evmSend({ amount: '3', fee: { status: 'pending' } }))).toEqual({
      status: 'invalid',
      message: accountMessages.insufficientBalance,
    })
  })
})
