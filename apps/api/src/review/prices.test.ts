import { nativeTokenAddress, type SimulateResponse } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as Prices from '../chains/Prices.js'
import { evmAssets, evmFee, pricesOf, solanaFee } from './prices.js'

const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const lookalike = '0x00000000000000000000000000000000000005c0'
const network = {
  ...evmNetwork(8453, 'Base'),
  tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 }],
}
const source = Prices.fromNetworks([network])

const change = (address: string, symbol: string, decimals: number) => ({
  token: { address, symbol, decimals },
  pre: '10',
  post: '0',
  diff: '-10',
})

describe('pricesOf', () => {
  it('prices the native coin and a token the API lists, by address', () => {
    const simulation = {
      assetChanges: [change(nativeTokenAddress, 'ETH', 18), change(usdc.toLowerCase(), 'USDC', 6)],
    } as SimulateResponse
    expect(pricesOf(source, network, evmAssets(simulation))).toEqual([
      { asset: nativeTokenAddress, usd: 3000 },
      { asset: usdc.toLowerCase(), usd: 1 },
    ])
  })

  it('gives no price to a token that only calls itself USDC', () => {
    const prices = pricesOf(source, network, [{ address: lookalike, decimals: 6 }])
    expect(prices.map((price) => price.asset)).toEqual([nativeTokenAddress])
  })

  it('drops a price when the chain reports other decimals than the price source lists', () => {
    const prices = pricesOf(source, network, [{ address: usdc, decimals: 18 }])
    expect(prices.map((price) => price.asset)).toEqual([nativeTokenAddress])
  })

  it('never says a price of 0: a token listed at 0 has none', () => {
    const free = { ...network, tokens: [{ ...network.tokens[0]!, priceUsd: 0 }] }
    const prices = pricesOf(Prices.fromNetworks([free]), free, [{ address: usdc, decimals: 6 }])
    expect(prices.map((price) => price.asset)).toEqual([nativeTokenAddress])
  })

  it('prices SOL under the wrapped-SOL mint', () => {
    const solana = { ...solanaNetwork(), nativePriceUsd: 150 }
    expect(pricesOf(Prices.fromNetworks([solana]), solana, [])).toEqual([
      { asset: 'So11111111111111111111111111111111111111112', usd: 150 },
    ])
  })
})

describe('evmFee', () => {
  it('is the gas used at the gas price, in wei of the native coin', () => {
    expect(evmFee(network, 21_000n, 2_000_000_000n)).toEqual({
      amount: '42000000000000',
      symbol: 'ETH',
      decimals: 18,
    })
  })
})

describe('solanaFee', () => {
  it("is the simulation's fee in lamports", () => {
    const fee = solanaFee(solanaNetwork(), {
      status: 'success',
      unitsConsumed: '150',
      fee: '5000',
      accountChanges: [],
      slot: '1',
    })
    expect(fee).toEqual({ amount: '5000', symbol: 'SOL', decimals: 9 })
  })
})
