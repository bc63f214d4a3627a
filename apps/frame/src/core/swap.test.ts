import type { ConvertQuote, ConvertToken, TokenBalance } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import type { Market } from '../queries/swap.js'
import { address } from '../testing.js'
import {
  balance,
  balances,
  dai,
  daiContract,
  eth,
  quoteOf,
  token,
  usdc,
  usdcContract,
} from './swap.fixtures.js'
import * as SwapForm from './swap.js'
import { swapMessages } from './swapMessages.js'

const ethereum = evmNetwork(1, 'Ethereum')
const from: SwapForm.Source = { network: ethereum, address }
const market: Market = {
  tokens: [dai, eth, usdc],
  prices: {
    [eth.address.toLowerCase()]: 3000,
    [usdc.address.toLowerCase()]: 1,
    [dai.address.toLowerCase()]: 1,
  },
  gasPrice: '1000000000',
}

const formOf = (sourceToken: ConvertToken, toToken: ConvertToken, amount: string): SwapForm.SwapForm => ({
  ...SwapForm.initial,
  source: { network: 'eip155:1', address },
  sourceToken,
  toToken,
  sourceTokenAmount: amount,
})

function quoteFor(form: SwapForm.SwapForm, options: { balances?: TokenBalance[] } = {}) {
  const step = SwapForm.quoting({
    form,
    from,
    market,
    balances: options.balances ?? balances,
    amount: form.sourceTokenAmount,
  })
  if (step.status !== 'quote') throw new Error(`no quote: ${step.status}`)
  return step
}

describe('withTokens', () => {
  it('pays in the native currency by default, and drops a token the network no longer lists', () => {
    const form = SwapForm.withTokens(
      { ...SwapForm.initial, toToken: token('OLD', daiContract.replace('6', '7'), 18) },
      market.tokens,
    )
    expect(form).toMatchObject({ sourceToken: eth, toToken: undefined, slippage: 1 })
    expect(SwapForm.withTokens(formOf(usdc, dai, '1'), market.tokens)).toMatchObject({
      sourceToken: usdc,
      toToken: dai,
    })
  })
})

describe('networkPriceOf', () => {
  it('is the native currency’s USD price, 0 when it has none', () => {
    expect(SwapForm.networkPriceOf(market)).toBe(3000)
    expect(SwapForm.networkPriceOf({ ...market, prices: {} })).toBe(0)
  })
})

describe('quoting', () => {
  it('asks for the amount in the smallest unit, from the account, at the network’s gas price', () => {
    expect(quoteFor(formOf(eth, usdc, '0.5')).query).toEqual({
      amount: '500000000000000000',
      userAddress: `eip155:1:${address}`,
      from: eth.address,
      to: usdc.address,
      gasPrice: '1000000000',
    })
  })

  it('asks nothing for an amount that is not above 0, half-typed, or without both tokens', () => {
    for (const amount of ['0', '', '.', 'abc'])
      expect(SwapForm.quoting({ form: formOf(eth, usdc, amount), from, market, balances, amount })).toEqual({
        status: 'idle',
      })
    const noTo = { ...formOf(eth, usdc, '1'), toToken: undefined }
    expect(SwapForm.quoting({ form: noTo, from, market, balances, amount: '1' })).toEqual({ status: 'idle' })
  })

  it('says "Insufficient balance" above the balance, without asking for a quote', () => {
    const form = formOf(eth, usdc, '2.5')
    expect(SwapForm.quoting({ form, from, market, balances, amount: '2.5' })).toEqual({
      status: 'invalid',
      inputError: swapMessages.insufficientBalance,
    })
  })
})

describe('quoted', () => {
  const shown = (
    form: SwapForm.SwapForm,
    quote: ConvertQuote | undefined,
    options: { balances?: TokenBalance[]; smart?: boolean } = {},
  ) =>
    SwapForm.quoted({
      quoting: quoteFor(form, options),
      quote,
      from,
      form,
      market,
      balances: options.balances ?? balances,
      accountType: options.smart ? 'smartAccount' : 'eoa',
    })

  it('shows the to-amount to 6 decimals, the provider fee, the minimum at 1% slippage, price impact and network fee', () => {
    // 1 ETH -> 2941.987654 USDC.
    const result = shown(formOf(eth, usdc, '1'), quoteOf('2941987654'))
    expect(result).toMatchObject({
      toTokenAmount: '2941.987654',
      toTokenUnits: 2_941_987_654n,
      providerFee: '0.0085',
      maxSlippage: '2912.567777',
      gasFee: 150_000n * 1_000_000_000n,
      inputError: undefined,
    })
    const { gasPriceInUSD, priceImpact } = result as SwapForm.Quoted
    expect(gasPriceInUSD).toBeCloseTo(0.45, 10)
    expect(priceImpact).toBeCloseTo((3000 - 2941.987654) / 3000, 10)
  })

  it('says "Insufficient balance" when the quote failed or pays out nothing', () => {
    expect(shown(formOf(eth, usdc, '1'), undefined)).toEqual({ inputError: swapMessages.insufficientBalance })
    expect(shown(formOf(eth, usdc, '1'), quoteOf(''))).toEqual({
      inputError: swapMessages.insufficientBalance,
    })
  })

  it('says "Insufficient balance" when the native balance cannot pay the gas, never for a smart account', () => {
    const noEth = [balance('USDC', '100', 6, usdcContract)]
    const form = formOf(usdc, dai, '10')
    expect(shown(form, quoteOf('9900000000000000000'), { balances: noEth })).toMatchObject({
      toTokenAmount: '9.9',
      inputError: swapMessages.insufficientBalance,
    })
    expect(shown(form, quoteOf('9900000000000000000'), { balances: noEth, smart: true })).toMatchObject({
      inputError: undefined,
    })
  })

  it('counts the amount paid in the native currency against the gas', () => {
    // 2 ETH held: 1.9999999 ETH in leaves less than the 0.00015 ETH fee.
    expect(shown(formOf(eth, usdc, '1.9999999'), quoteOf('5000000000'))).toMatchObject({
      inputError: swapMessages.insufficientBalance,
    })
  })
})

describe('nextTransaction', () => {
  it('needs no approval for the native currency; for a token, one unless the allowance covers the amount', () => {
    expect(SwapForm.nextTransaction(eth, 10n, undefined)).toBe('swap')
    expect(SwapForm.nextTransaction(usdc, 10_000_000n, undefined)).toBeUndefined()
    expect(SwapForm.nextTransaction(usdc, 10_000_000n, '9999999')).toBe('approve')
    expect(SwapForm.nextTransaction(usdc, 10_000_000n, '10000000')).toBe('swap')
  })
})

describe('balanceOf', () => {
  it('reads the native entry (no address) and a token by its contract, 0 when not held', () => {
    expect(SwapForm.balanceOf(balances, eth)).toBe(2n * 10n ** 18n)
    expect(SwapForm.balanceOf(balances, usdc)).toBe(100_000_000n)
    expect(SwapForm.balanceOf(balances, dai)).toBe(0n)
  })
})
