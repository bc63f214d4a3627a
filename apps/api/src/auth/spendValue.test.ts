// The send threshold weighs everything a signature may move: the coin exactly (any coin's decimals on
// the threshold's 18), tokens at their price in the network's coin, and whatever cannot be valued as over.
import type { PassSpend } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as Prices from '../chains/Prices.js'
import { overThreshold } from './spendValue.js'

const usdc = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const base = {
  ...evmNetwork(8453, 'Base'),
  tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 }],
}
const solana = { ...solanaNetwork(), nativePriceUsd: 150 }
const market = {
  networks: new Map([base, solana].map((network) => [network.caipNetworkId, { network }])),
  prices: Prices.fromNetworks([base, solana]),
}
const spend = (claims: Partial<PassSpend>): PassSpend => ({
  chain: 'eip155:8453',
  digest: `0x${'00'.repeat(32)}`,
  native: '0',
  tokens: [],
  unknown: false,
  ...claims,
})
/** 0.1 of the network's coin: $300 of ETH at the test price of $3,000. */
const threshold = 10n ** 17n

describe('overThreshold', () => {
  it('compares the coin exactly, to the wei', () => {
    expect(overThreshold(market, spend({ native: threshold.toString() }), threshold)).toBe(false)
    expect(overThreshold(market, spend({ native: (threshold + 1n).toString() }), threshold)).toBe(true)
  })

  it("reads a Solana amount in lamports on the threshold's 18 decimals", () => {
    const on = { chain: solana.caipNetworkId as PassSpend['chain'] }
    expect(overThreshold(market, spend({ ...on, native: (10n ** 8n).toString() }), threshold)).toBe(false)
    expect(overThreshold(market, spend({ ...on, native: (10n ** 8n + 1n).toString() }), threshold)).toBe(true)
  })

  it("values a token transfer with no coin at all in the network's coin", () => {
    const dollars = (n: number) =>
      spend({ tokens: [{ asset: usdc, amount: (BigInt(n) * 10n ** 6n).toString() }] })
    expect(overThreshold(market, dollars(299), threshold)).toBe(false)
    expect(overThreshold(market, dollars(301), threshold)).toBe(true)
    // The coin and the tokens of one signature add up.
    const both = spend({ native: (5n * 10n ** 16n).toString(), tokens: dollars(151).tokens })
    expect(overThreshold(market, both, threshold)).toBe(true)
  })

  it('holds what it cannot value as over: unknown effects, unpriced tokens, unserved networks', () => {
    expect(overThreshold(market, spend({ unknown: true }), 10n ** 30n)).toBe(true)
    const lookalike = spend({ tokens: [{ asset: `0x${'05'.repeat(20)}`, amount: '1' }] })
    expect(overThreshold(market, lookalike, threshold)).toBe(true)
    expect(overThreshold(market, spend({ chain: 'eip155:999' }), threshold)).toBe(true)
  })
})
