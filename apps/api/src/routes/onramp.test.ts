// The on-ramp routes against the devstack's chains and its local on-ramp provider: options, quotes
// and checkout URLs from the provider; the built-in options and a marked mock quote when it is down;
// a checkout paid on the provider's page, then found by history?onramp=true through the indexer.
import { startDevstack, startOnramp } from '@walletframe/devstack'
import {
  ApiErrorBody,
  HistoryResponse,
  OnrampOptionsResponse,
  OnrampQuoteResponse,
  OnrampReturn,
  OnrampUrlResponse,
} from '@walletframe/protocol'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import { startApi } from '../startApi.js'

type Stack = Awaited<ReturnType<typeof startDevstack>>

let stack: Stack
let onramp: Awaited<ReturnType<typeof startOnramp>>
let api: Awaited<ReturnType<typeof startApi>>
/** The same API with its provider's URL pointing at a closed port. */
let down: ReturnType<typeof createApi>
/** The same API in development, with no frame origin configured: local pages stand in for the frame's. */
let development: ReturnType<typeof createApi>

beforeAll(async () => {
  stack = await startDevstack({ relay: false, onramp: false, quiet: true })
  onramp = await startOnramp({ networks: stack.chainsFile.networks })
  api = await startApi({
    config: {
      ...stack.chainsFile,
      projects: [{ id: 'app', name: 'App' }],
      options: {
        frameOrigins: [frameOrigin],
        indexer: { pollIntervalMs: 50 },
        reorgSafeDepth: 0,
        onramp: { url: onramp.url, fundingAddresses: onramp.fundingAddresses },
      },
    },
    databaseUrl: undefined,
  })
  const gone = await startOnramp({ networks: [] })
  await gone.stop()
  down = createApi({
    config: Config.parse({
      ...stack.chainsFile,
      options: { onramp: { url: gone.url, timeoutMs: 2_000 } },
    }),
    db: api.database.db,
  })
  development = createApi({
    config: Config.parse({
      ...stack.chainsFile,
      options: { development: true, onramp: { url: onramp.url, fundingAddresses: onramp.fundingAddresses } },
    }),
    db: api.database.db,
  })
}, 120_000)

afterAll(async () => {
  await api?.stop()
  await onramp?.stop()
  await stack?.stop()
})

const call = (path: string, body?: unknown) =>
  fetch(`${api.url}${path}?projectId=app`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
const callDown = (path: string, body?: unknown) =>
  down.request(`${path}?projectId=app`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })

const frameOrigin = 'http://frame.test'

const ethOnBase = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'base' }

async function error(response: Response, status: number) {
  expect(response.status).toBe(status)
  return ApiErrorBody.parse(await response.json())
}

describe('GET /v1/onramp/options', () => {
  it("serves the provider's options, with every currency it takes", async () => {
    const response = await call('/v1/onramp/options')
    expect(response.status).toBe(200)
    const options = OnrampOptionsResponse.parse(await response.json())
    expect(options.source).toBe('provider')
    expect(options.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR', 'GBP'])
    expect(options.purchaseCurrencies.map((currency) => currency.id).sort()).toEqual(['ETH', 'SOL', 'USDC'])
  })

  it('falls back to the built-in defaults when the provider is down: USD and EUR, card 10–7500, bank 10–25000', async () => {
    const options = OnrampOptionsResponse.parse(await (await callDown('/v1/onramp/options')).json())
    expect(options.source).toBe('defaults')
    expect(options.paymentCurrencies).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10', max: '7500' },
          { id: 'bank_account', min: '10', max: '25000' },
        ],
      })),
    )
    const eth = options.purchaseCurrencies.find((currency) => currency.id === 'ETH')
    expect(eth?.networks.map((network) => network.chain_id)).toEqual(['eip155:1', 'eip155:8453'])
  })
})

describe('POST /v1/onramp/quote', () => {
  it("answers the provider's quote with a fee of 1–2 %", async () => {
    const response = await call('/v1/onramp/quote', { ...ethOnBase, paymentMethod: 'bank_account' })
    expect(response.status).toBe(200)
    const quote = OnrampQuoteResponse.parse(await response.json())
    expect(quote.source).toBe('provider')
    expect(quote.paymentTotal).toEqual({ value: '100.00', currency: 'USD' })
    expect(quote.coinbaseFee).toEqual({ value: '1.00', currency: 'USD' })
    expect(quote.purchaseAmount.currency).toBe('ETH')
    expect(Number(quote.purchaseAmount.value)).toBeGreaterThan(0.03)
  })

  it('returns a mock quote, marked as such, when the provider is down', async () => {
    const response = await callDown('/v1/onramp/quote', ethOnBase)
    expect(response.status).toBe(200)
    const quote = OnrampQuoteResponse.parse(await response.json())
    expect(quote.source).toBe('mock')
    expect(quote.quoteId).toMatch(/^mock-/)
    // 2 % off 100 USD, the rest at the configured 3000 USD per ETH.
    expect(quote.coinbaseFee.value).toBe('2.00')
    expect(quote.purchaseAmount).toEqual({ value: '0.03266666', currency: 'ETH' })
  })

  it("passes the provider's refusal on as 400 (an amount outside the card limit), never mocking it", async () => {
    const body = await error(await call('/v1/onramp/quote', { ...ethOnBase, amount: '9000' }), 400)
    expect(body.code).toBe('ONRAMP_REFUSED')
    expect(body.error).toMatch(/Pay between 10 and 7500 USD by card/)
  })

  it('refuses malformed input with 400 naming the field', async () => {
    for (const [amount, field] of [
      ['-5', 'body.amount'],
      ['1e3', 'body.amount'],
      ['10.001', 'body.amount'],
    ] as const) {
      expect((await error(await call('/v1/onramp/quote', { ...ethOnBase, amount }), 400)).field).toBe(field)
    }
    const { network: _, ...noNetwork } = ethOnBase
    expect((await error(await call('/v1/onramp/quote', noNetwork), 400)).field).toBe('body.network')
  })
})

describe('POST /v1/generators/onrampurl', () => {
  it('answers 502 when the provider is down: a checkout has no stand-in', async () => {
    const body = await error(
      await callDown('/v1/generators/onrampurl', {
        destinationWallets: [{ address: privateKeyToAccount(generatePrivateKey()).address }],
        partnerUserId: 'someone',
      }),
      502,
    )
    expect(body.code).toBe('ONRAMP_UNAVAILABLE')
  })

  const checkout = (redirectUrl: string) => ({
    destinationWallets: [{ address: privateKeyToAccount(generatePrivateKey()).address }],
    partnerUserId: 'someone',
    redirectUrl,
  })
  const checkoutAt = (app: ReturnType<typeof createApi>, redirectUrl: string) =>
    app.request('/v1/generators/onrampurl?projectId=app', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(checkout(redirectUrl)),
    })

  it("refuses to send the buyer anywhere but the frame's own pages: 400 REDIRECT_NOT_ALLOWED", async () => {
    for (const redirectUrl of [
      'https://evil.example/steal',
      // Look-alikes of the frame's origin: another host, scheme or port, or the frame as a user name.
      'http://frame.test.evil.example/onramp/return',
      'https://frame.test/onramp/return',
      'http://frame.test:8080/onramp/return',
      'http://frame.test@evil.example/onramp/return',
      // Development's local pages are no frame page outside development.
      'http://localhost:5173/onramp/return',
    ]) {
      const body = await error(await checkoutAt(api.app, redirectUrl), 400)
      expect(body).toMatchObject({ code: 'REDIRECT_NOT_ALLOWED', field: 'body.redirectUrl' })
    }
    // Checked before the provider is asked: refused the same way while it is down.
    expect((await error(await checkoutAt(down, 'https://evil.example/steal'), 400)).code).toBe(
      'REDIRECT_NOT_ALLOWED',
    )
  })

  it("returns to any page of a frame origin; in development, to a local page's too", async () => {
    for (const [app, redirectUrl] of [
      [api.app, `${frameOrigin}/onramp/return?from=buy`],
      [development, 'http://localhost:5173/onramp/return'],
      [development, 'http://127.0.0.1:4173/onramp/return'],
    ] as const) {
      const response = await checkoutAt(app, redirectUrl)
      expect(response.status).toBe(200)
      expect(OnrampUrlResponse.parse(await response.json()).url.startsWith(`${onramp.url}/checkout?`)).toBe(
        true,
      )
    }
    expect((await error(await checkoutAt(development, 'https://evil.example/steal'), 400)).code).toBe(
      'REDIRECT_NOT_ALLOWED',
    )
  })

  it('refuses a body without wallets with 400', async () => {
    expect(
      (
        await error(
          await call('/v1/generators/onrampurl', { destinationWallets: [], partnerUserId: 'x' }),
          400,
        )
      ).field,
    ).toBe('body.destinationWallets')
  })
})

describe('an on-ramp purchase in history?onramp=true', () => {
  it('lists what the checkout delivered, and not what anyone else sent', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const base = stack.chainsFile.networks.find((network) => network.id === 8453)!
    const created = await call('/v1/generators/onrampurl', {
      destinationWallets: [{ address: buyer, blockchains: ['base'], assets: ['ETH'] }],
      defaultNetwork: 'base',
      defaultAsset: 'ETH',
      partnerUserId: buyer,
      presetFiatAmount: 100,
      fiatCurrency: 'USD',
      redirectUrl: `${frameOrigin}/onramp/return`,
    })
    expect(created.status).toBe(200)
    const { url } = OnrampUrlResponse.parse(await created.json())
    expect(url.startsWith(`${onramp.url}/checkout?`)).toBe(true)
    const page = await (await fetch(url)).text()
    const token = new URL(url).searchParams.get('sessionToken')!
    expect(page).toContain('Pay')
    const paid = await fetch(`${onramp.url}/checkout/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        sessionToken: token,
        product: 'ETH@base',
        amount: '100',
        fiat: 'USD',
        method: 'card',
      }),
    })
    expect(paid.status).toBe(303)
    const returned = OnrampReturn.parse(
      Object.fromEntries(new URL(paid.headers.get('location')!).searchParams),
    )

    // Someone else sends the buyer ETH too: a receive, but no purchase.
    const chain = {
      id: 8453,
      name: 'Base',
      nativeCurrency: base.nativeCurrency,
      rpcUrls: { default: { http: base.rpcUrls.default.http } },
    }
    const friend = createWalletClient({
      chain,
      transport: http(),
      account: privateKeyToAccount(stack.chainsFile.accounts.evm[6]!.privateKey as Hex),
    })
    const gift = await friend.sendTransaction({ to: buyer, value: parseEther('0.01') })
    await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash: gift })

    const history = async (onramp: boolean) =>
      HistoryResponse.parse(
        await (
          await fetch(
            `${api.url}/v1/account/${buyer}/history?projectId=app&chainId=eip155:8453${onramp ? '&onramp=true' : ''}`,
          )
        ).json(),
      )
    await expect
      .poll(async () => (await history(false)).data.map((entry) => entry.metadata.hash).sort(), {
        timeout: 15_000,
      })
      .toEqual([returned.transactionHash, gift].sort())
    const purchases = await history(true)
    expect(purchases.data.map((entry) => entry.metadata.hash)).toEqual([returned.transactionHash])
    expect(purchases.data[0]?.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: '0.03258333' } }),
    ])
    // On another network the buyer bought nothing.
    const elsewhere = await fetch(
      `${api.url}/v1/account/${buyer}/history?projectId=app&chainId=eip155:1&onramp=true`,
    )
    expect(HistoryResponse.parse(await elsewhere.json()).data).toEqual([])
  })
})
