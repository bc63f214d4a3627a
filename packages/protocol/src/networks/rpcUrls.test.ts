import { describe, expect, it } from 'vitest'
import { evmNetwork } from '../testing.js'
import { getBuiltinNetwork } from './catalog.js'
import { isBuiltinRpc, replaceDefaultRpcUrls } from './rpcUrls.js'

const proxy = (network: { caipNetworkId: string }) =>
  `https://api.example/v1?chainId=${network.caipNetworkId}`

describe('replaceDefaultRpcUrls', () => {
  it('points a built-in network at the given URL, HTTP only', () => {
    const gnosis = getBuiltinNetwork('eip155:100')!
    expect(gnosis.rpcUrls.default.webSocket?.length).toBeGreaterThan(0)
    const [network] = replaceDefaultRpcUrls([gnosis], proxy)
    expect(network).toEqual({ ...gnosis, rpcUrls: { default: { http: [proxy(gnosis)] } } })
  })

  it('keeps RPC URLs an entry set itself', () => {
    const local = evmNetwork(8453, 'Base')
    expect(replaceDefaultRpcUrls([local], proxy)).toEqual([local])
  })

  it('keeps the built-in URL when rpcUrl returns undefined', () => {
    const bitcoin = getBuiltinNetwork('bip122:000000000019d6689c085ae165831e93')!
    expect(replaceDefaultRpcUrls([bitcoin], () => undefined)).toEqual([bitcoin])
  })
})

describe('isBuiltinRpc', () => {
  it('is false for a network outside the catalog', () => {
    expect(isBuiltinRpc(evmNetwork(31337, 'Anvil'))).toBe(false)
  })
})
