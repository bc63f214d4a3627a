// GET /v1/convert/gas-price against the devstack's anvil chains, plus a Solana network (which has no
// gas price) and a broken network whose RPC never answers: fee levels read from the chain, the
// unsupported networks named as such, and a silent node cut off by the timeout.
import { GasPriceResponse } from '@walletframe/protocol'
import { solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { deadNetwork, devstackHarness, expectFieldError, silentServer } from '../internal/testing.js'
import { notSupported } from './gasPrice.js'

// The node of eip155:998, which never answers; made before the harness, so it closes after the API stops.
const hanging = silentServer()

const solana = { ...solanaNetwork(), nativePriceUsd: 150 }
const h = devstackHarness({
  networks: () => [solana, deadNetwork(998, hanging.url)],
  options: { rpcTimeoutMs: 500, indexer: { enabled: false } },
})

const get = (path: string) => fetch(`${h.api.url}${path}`)

describe('GET /v1/convert/gas-price', () => {
  it('answers three rising fee levels in wei', async () => {
    const response = await get('/v1/convert/gas-price?projectId=app&chainId=eip155:8453')
    const gas = GasPriceResponse.parse(await response.json())
    expect(BigInt(gas.standard)).toBeGreaterThan(0n)
    expect(BigInt(gas.fast)).toBeGreaterThanOrEqual(BigInt(gas.standard))
    expect(BigInt(gas.instant)).toBeGreaterThanOrEqual(BigInt(gas.fast))
  })

  it('says "Network not supported for Gas Price" for other networks', async () => {
    for (const chainId of ['eip155:10', solana.caipNetworkId]) {
      const response = await get(`/v1/convert/gas-price?projectId=app&chainId=${chainId}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        error: notSupported,
        field: 'chainId',
      })
    }
  })

  it('answers 502 within the timeout for a chain that does not answer, while others serve', async () => {
    const started = Date.now()
    const [slow, healthy] = await Promise.all([
      get('/v1/convert/gas-price?projectId=app&chainId=eip155:998'),
      get('/v1/convert/gas-price?projectId=app&chainId=eip155:1'),
    ])
    expect(slow.status).toBe(502)
    expect(await slow.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: expect.stringContaining('no answer within 500 ms'),
    })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(healthy.status).toBe(200)
  })

  it.each([
    ['no chainId', () => get('/v1/convert/gas-price?projectId=app')],
    ['a chainId that is not CAIP-2', () => get('/v1/convert/gas-price?projectId=app&chainId=nope')],
  ] as const)('answers %s with 400 naming chainId', async (_, send) => {
    await expectFieldError(await send(), 'chainId')
  })
})
