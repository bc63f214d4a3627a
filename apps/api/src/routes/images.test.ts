// GET /v1/wallets/{walletId}/logo and /v1/tokens/{chainId}/{address}/icon: served from the sources the
// registry and the configuration name, cached, and refused for anything else.
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { png, svg } from '../images/fixtures.js'
import { quickestBackend, routeHarness } from '../internal/testing.js'

const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const dai = '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb'
/** Requests each source URL received. */
const hits = new Map<string, number>()

// The sources, answered in process: each path is one behaviour of a logo server.
async function sources(input: string | URL | Request): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input)
  hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
  switch (url.pathname) {
    case '/logos/metamask.png':
    case '/tokens/usdc.png':
      return new Response(png, { headers: { 'content-type': 'image/png' } })
    case '/logos/rainbow.png':
      return new Response(`${svg.slice(0, -6)}<script>alert(1)</script></svg>`, {
        headers: { 'content-type': 'image/svg+xml' },
      })
    case '/logos/trust.png':
      return new Response('<!doctype html><p>Login</p>', { headers: { 'content-type': 'text/html' } })
    case '/logos/coinbase.png':
      return new Response(null, {
        status: 302,
        headers: { location: 'http://169.254.169.254/latest/meta-data' },
      })
    case '/logos/phantom.png':
      return new Response(new Uint8Array(300 * 1024), { headers: { 'content-type': 'image/png' } })
    case '/native/eth.svg':
      return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } })
    default:
      return new Response('down', { status: 503 })
  }
}

const leg = await quickestBackend('images')
const h = routeHarness(leg, {
  networks: [
    {
      ...evmNetwork(8453, 'Base'),
      nativeCurrency: {
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        iconUrl: 'https://icons.test/native/eth.svg',
      },
      tokens: [
        {
          address: usdc,
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
          priceUsd: 1,
          iconUrl: 'https://icons.test/stale.png',
        },
        { address: dai, symbol: 'DAI', name: 'Dai', decimals: 18, priceUsd: 1 },
      ],
    },
  ],
  options: {
    images: {
      walletLogoUrl: 'https://logos.test/logos/{id}.png',
      tokenList: {
        name: 'Operator tokens',
        tokens: [
          {
            chainId: 8453,
            address: usdc,
            name: 'USD Coin',
            symbol: 'USDC',
            decimals: 6,
            logoURI: 'https://icons.test/tokens/usdc.png',
          },
        ],
      },
    },
  },
  fetch: sources as typeof fetch,
})

describe('GET /v1/wallets/{walletId}/logo', () => {
  it("serves a registry wallet's logo from its source, then from the cache", async () => {
    const first = await h.api.request('/v1/wallets/metamask/logo')
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true)
    const second = await h.api.request('/v1/wallets/metamask/logo')
    expect(second.status).toBe(200)
    expect(hits.get('/logos/metamask.png')).toBe(1)
  })

  it('serves an SVG under a policy that runs no script and loads nothing', async () => {
    const response = await h.api.request('/v1/wallets/rainbow/logo')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
  })

  it.each([
    ['an HTML page', 'trust', /PNG, JPEG, WebP or SVG/],
    ['a redirect to a private address', 'coinbase', /redirect/],
    ['a body over the size limit', 'phantom', /larger than 262144 bytes/],
    ['a dead source', 'zerion', /answered 503/],
  ])('answers 404 IMAGE_UNAVAILABLE for %s (the frame shows its letter tile)', async (_, id, message) => {
    const response = await h.api.request(`/v1/wallets/${id}/logo`)
    expect(response.status).toBe(404)
    const body = (await response.json()) as { code: string; error: string }
    expect(body.code).toBe('IMAGE_UNAVAILABLE')
    expect(body.error).toMatch(message)
  })

  it('never reads the target of a redirect', async () => {
    await h.api.request('/v1/wallets/coinbase/logo')
    expect(hits.get('/latest/meta-data')).toBeUndefined()
  })

  it('answers 404 for a wallet the registry does not list, without asking any source', async () => {
    const response = await h.api.request('/v1/wallets/not-a-wallet/logo')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'IMAGE_NOT_FOUND' })
    expect(hits.get('/logos/not-a-wallet.png')).toBeUndefined()
  })

  it.each([
    '/v1/wallets/..%2F..%2Fetc%2Fpasswd/logo',
    '/v1/wallets/.env/logo',
    '/v1/wallets/metamask%3Fx%3D1/logo',
    '/v1/wallets/MetaMask/logo',
    `/v1/wallets/${'a'.repeat(65)}/logo`,
  ])('refuses the id in %s with a 400', async (path) => {
    const response = await h.api.request(path)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'walletId' })
  })
})

describe('GET /v1/tokens/{chainId}/{address}/icon', () => {
  it("serves the token list's icon over the chains file's", async () => {
    const response = await h.api.request(`/v1/tokens/eip155:8453/${usdc.toLowerCase()}/icon`)
    expect(response.status).toBe(200)
    expect(hits.get('/tokens/usdc.png')).toBe(1)
    expect(hits.get('/stale.png')).toBeUndefined()
  })

  it("serves a native currency's icon from its network", async () => {
    const response = await h.api.request(
      '/v1/tokens/eip155:8453/0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee/icon',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('answers 404 for a token without an icon and for an unknown network', async () => {
    expect((await h.api.request(`/v1/tokens/eip155:8453/${dai}/icon`)).status).toBe(404)
    expect((await h.api.request(`/v1/tokens/eip155:1/${usdc}/icon`)).status).toBe(404)
  })

  it.each([
    `/v1/tokens/eip155/${usdc}/icon`,
    `/v1/tokens/eip155:8453/..%2F..%2Fsecret/icon`,
    `/v1/tokens/eip155:8453/${'a'.repeat(129)}/icon`,
  ])('refuses %s with a 400', async (path) => {
    expect((await h.api.request(path)).status).toBe(400)
  })
})
