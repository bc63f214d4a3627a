import { nativeTokenAddress } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../errors.js'
import * as Prices from './Prices.js'

describe('fromNetworks', () => {
  it('prices a native currency from nativePriceUsd', () => {
    const network = { ...evmNetwork(1, 'Ethereum'), nativePriceUsd: 2500 }
    const prices = Prices.fromNetworks([network])
    expect(prices.native(network).price).toBe(2500)
    expect(prices.lookup(`eip155:1:${nativeTokenAddress}`)?.price).toBe(2500)
  })

  it('refuses a network without nativePriceUsd rather than price it at 0', () => {
    const { nativePriceUsd: _, ...unpriced } = evmNetwork(1, 'Ethereum')
    expect(() => Prices.fromNetworks([unpriced])).toThrow(ConfigError)
    expect(() => Prices.fromNetworks([unpriced])).toThrow(/eip155:1 has no nativePriceUsd/)
  })
})
