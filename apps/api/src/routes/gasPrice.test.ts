// GET /v1/convert/gas-price against the devstack's anvil chains, plus a Solana network (which has no
// gas price) and a broken network whose RPC never answers: fee levels read from the chain, the
// unsupported networks named as such, and a silent node cut off by the timeout.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GasPriceResponse } from '@walletframe/protocol'
import { solanaNetwork } from '@walletframe/protocol/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadNetwork, devstackHarness, expectFieldError } from '../internal/testing.js'
import { notSupported } from './gasPrice.js'

/** An RPC server that never answers: the API's timeout has to end the wait. */
let hanging: Server
let hangingUrl: string
beforeAll(async () => {
  hanging = createServer(() => {})
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
})
// Registered before the harness, so it runs after the API and the devstack have stopped.
afterAll(async () => {
  hanging?.closeAllConnections()
  await new Promise((resolve) => hanging?.close(resolve))
})

const solana = { ...solanaNetwork(), nativePriceUsd: 150 }
const h = devstackHarness({
  networks: () => [solana, deadNetwork(998, hangingUrl)],
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
