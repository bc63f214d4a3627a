// GET /v1/supported-chains: the networks this API proxies, as the SDK asks for them.
import { SupportedChainsResponse } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { expectFieldError, quickestBackend, routeHarness } from '../internal/testing.js'

const leg = await quickestBackend('supported_chains')
const h = routeHarness(leg, {
  networks: [
    evmNetwork(1, 'Ethereum'),
    evmNetwork(8453, 'Base'),
    { ...solanaNetwork(), nativePriceUsd: 150 },
  ],
})

describe('GET /v1/supported-chains', () => {
  it('lists every configured network for HTTP, in config order, and none for WebSocket', async () => {
    const response = await h.api.request('/v1/supported-chains?projectId=app&st=appkit&sv=html-1.0.0')
    expect(response.status).toBe(200)
    expect(SupportedChainsResponse.parse(await response.json())).toEqual({
      http: ['eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      ws: [],
    })
  })

  it('answers an SDK type over 64 characters with 400 naming st', async () => {
    await expectFieldError(
      await h.api.request(`/v1/supported-chains?projectId=app&st=${'x'.repeat(65)}`),
      'st',
    )
  })
})
