// POST /v1/fungible/price: prices from the configured tokens and native currencies. The project is
// named in the body (or, for a browser's sake, the query), and the body is read once for both.
import { FungiblePriceResponse } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { expectFieldError, quickestBackend, routeHarness } from '../internal/testing.js'

const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const leg = await quickestBackend('price')
const h = routeHarness(leg, {
  networks: [
    evmNetwork(1, 'Ethereum'),
    {
      ...evmNetwork(8453, 'Base'),
      tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 }],
    },
  ],
})

const post = (path: string, body: unknown) =>
  h.api.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const ether = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

describe('POST /v1/fungible/price', () => {
  it('prices known tokens and the native currency and leaves unknown ones out', async () => {
    const response = await post('/v1/fungible/price', {
      currency: 'usd',
      projectId: 'app',
      addresses: [
        `eip155:8453:${usdc.toLowerCase()}`,
        ether,
        'eip155:1:0x000000000000000000000000000000000000dead',
      ],
    })
    expect(response.status).toBe(200)
    const { fungibles } = FungiblePriceResponse.parse(await response.json())
    expect(fungibles).toEqual([
      {
        address: `eip155:8453:${usdc.toLowerCase()}`,
        name: 'USD Coin',
        symbol: 'USDC',
        iconUrl: '',
        price: 1,
        decimals: 6,
      },
      {
        address: ether,
        name: 'Ether',
        symbol: 'ETH',
        iconUrl: '',
        price: 3000,
        decimals: 18,
      },
    ])
  })

  it('accepts the project named in the query as well, as a browser sends it after its preflight', async () => {
    const response = await post('/v1/fungible/price?projectId=app', {
      currency: 'usd',
      projectId: 'app',
      addresses: [ether],
    })
    expect(response.status).toBe(200)
    expect(FungiblePriceResponse.parse(await response.json()).fungibles).toHaveLength(1)
  })

  it('refuses a body that names another project than the query', async () => {
    const response = await post('/v1/fungible/price?projectId=app', {
      currency: 'usd',
      projectId: 'other',
      addresses: [ether],
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      field: 'body.projectId',
      error: 'Invalid body.projectId: differs from the projectId in the query',
    })
  })

  it('answers a call that names no project, or an unknown one, before reading what it asks', async () => {
    const unnamed = await post('/v1/fungible/price', { currency: 'eur' })
    expect(unnamed.status).toBe(400)
    expect(await unnamed.json()).toMatchObject({ code: 'PROJECT_ID_NOT_CONFIGURED' })
    const unknown = await post('/v1/fungible/price', { currency: 'eur', projectId: 'nope' })
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toMatchObject({ code: 'INVALID_PROJECT_ID' })
  })

  it('refuses a body over 64 KB with 413', async () => {
    const addresses = Array.from({ length: 2_000 }, () => ether)
    const response = await post('/v1/fungible/price', { currency: 'usd', projectId: 'app', addresses })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body' })
  })

  it.each([
    ['not JSON', () => post('/v1/fungible/price?projectId=app', '{nope'), 'body'],
    ['no body', () => post('/v1/fungible/price?projectId=app', ''), 'body'],
    [
      'addresses missing',
      () => post('/v1/fungible/price', { currency: 'usd', projectId: 'app' }),
      'body.addresses',
    ],
    [
      'not CAIP-10',
      () => post('/v1/fungible/price', { currency: 'usd', projectId: 'app', addresses: ['0x12'] }),
      'body.addresses[0]',
    ],
    [
      'currency',
      () => post('/v1/fungible/price', { currency: 'eur', projectId: 'app', addresses: ['eip155:1:0x1'] }),
      'body.currency',
    ],
  ] as const)('answers %s with 400 naming the field', async (_, send, field) => {
    await expectFieldError(await send(), field)
  })
})
