// A local stand-in for an on-ramp provider, over HTTP on 127.0.0.1: its REST API (options, quotes,
// checkout sessions) for the Walletframe API, and the checkout page a buyer pays on. Paying delivers
// the purchase on the devnet from the provider's hot wallet, then returns to the session's
// redirectUrl with the order's status and transaction.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type ChainNetwork,
  type OnrampQuote,
  OnrampQuoteRequest,
  type OnrampSession,
  type OnrampUrlRequest,
  OnrampUrlRequest as OnrampUrlRequestSchema,
} from '@walletframe/protocol'
import type * as z from 'zod/mini'
import * as Catalog from './catalog.js'
import * as CheckoutPage from './checkoutPage.js'
import { OnrampError } from './errors.js'
import * as Funder from './Funder.js'

const maxBodyBytes = 64 * 1024
/** How long a quote or checkout session stays usable. */
const ttlMs = 30 * 60_000
/** Sessions and quotes kept at most; the oldest go first. */
const maxEntries = 10_000

export type Order = {
  id: string
  partnerUserId: string
  walletAddress: string
  network: string
  asset: string
  purchaseAmount: string
  paymentTotal: string
  paymentCurrency: string
  transactionHash: string
  createdAt: string
}

export type OnrampServer = {
  url: string
  /** The addresses purchases are delivered from, per CAIP-2 network. */
  fundingAddresses: Record<string, string[]>
  /** Orders paid so far, newest last. */
  orders(): readonly Order[]
  stop(): Promise<void>
}

/** A map that forgets entries after `ttlMs` and keeps at most `maxEntries`. */
function expiring<T>() {
  const entries = new Map<string, { value: T; at: number }>()
  return {
    set(key: string, value: T) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
      entries.set(key, { value, at: Date.now() })
    },
    get(key: string): T | undefined {
      const entry = entries.get(key)
      if (!entry || Date.now() - entry.at > ttlMs) return undefined
      return entry.value
    },
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) throw new OnrampError(400, 'BODY_TOO_LARGE', 'Request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new OnrampError(400, 'INVALID_JSON', 'Body is not valid JSON')
  }
}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new OnrampError(
      400,
      'INVALID_REQUEST',
      `Invalid ${issue?.path.join('.') || 'body'}: ${issue?.message}`,
    )
  }
  return result.data
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html)
}

export declare namespace start {
  type Options = {
    /** The running networks; the provider sells on each one that has a price. */
    networks: readonly ChainNetwork[]
    /** 0 (default) picks a free port. */
    port?: number
  }
}

export async function start(options: start.Options): Promise<OnrampServer> {
  const products = Catalog.products(options.networks)
  const funder = await Funder.stockUp(options.networks)
  const quotes = expiring<{ quote: OnrampQuote; request: OnrampQuoteRequest }>()
  const sessions = expiring<OnrampUrlRequest>()
  const orders: Order[] = []
  let base = ''

  /** The products the session's wallets may receive (their blockchains and assets, when listed). */
  function sessionProducts(session: OnrampUrlRequest): Catalog.Product[] {
    return products.filter((product) =>
      session.destinationWallets.some(
        (wallet) =>
          (!wallet.blockchains || wallet.blockchains.includes(Catalog.networkKey(product.network))) &&
          (!wallet.assets || wallet.assets.includes(product.asset)) &&
          Funder.isDeliverable(product, wallet.address),
      ),
    )
  }

  function checkoutView(
    token: string,
    session: OnrampUrlRequest,
    form: { product?: string; amount?: string; fiat?: string; method?: string },
    error?: string,
  ): CheckoutPage.CheckoutView {
    const available = sessionProducts(session)
    const wanted = form.product ?? `${session.defaultAsset ?? ''}@${session.defaultNetwork ?? ''}`
    const selected =
      available.find((product) => CheckoutPage.productKey(product) === wanted) ??
      available.find((product) => product.asset === session.defaultAsset) ??
      available[0]
    if (!selected)
      throw new OnrampError(
        400,
        'NOTHING_TO_BUY',
        'Nothing this provider sells can be delivered to this wallet',
      )
    const accepted = session.quoteId ? quotes.get(session.quoteId) : undefined
    const amount = form.amount ?? accepted?.request.amount ?? String(session.presetFiatAmount ?? 100)
    const fiat = form.fiat ?? session.fiatCurrency ?? accepted?.request.paymentCurrency ?? 'USD'
    const method = form.method ?? session.defaultPaymentMethod ?? accepted?.request.paymentMethod ?? 'card'
    let quote: OnrampQuote | undefined
    if (!error) {
      try {
        quote = Catalog.price(
          products,
          {
            purchaseCurrency: selected.asset,
            network: Catalog.networkKey(selected.network),
            paymentCurrency: fiat,
            paymentMethod: method,
            amount,
          },
          session.quoteId ?? randomUUID(),
        ).quote
      } catch (priceError) {
        if (!(priceError instanceof OnrampError)) throw priceError
        error = priceError.message
      }
    }
    return { token, session, products: available, selected, amount, fiat, method, quote, error }
  }

  async function pay(response: ServerResponse, body: string) {
    const form = Object.fromEntries(new URLSearchParams(body))
    const token = form.sessionToken ?? ''
    const session = sessions.get(token)
    if (!session) throw new OnrampError(404, 'SESSION_NOT_FOUND', 'This checkout session has expired')
    const view = checkoutView(token, session, form)
    if (!view.quote) return sendHtml(response, 400, CheckoutPage.checkout(view))
    const wallet = session.destinationWallets.find((candidate) =>
      Funder.isDeliverable(view.selected, candidate.address),
    )
    const back = (query: Record<string, string>) =>
      session.redirectUrl
        ? `${session.redirectUrl}${session.redirectUrl.includes('?') ? '&' : '?'}${new URLSearchParams(query)}`
        : undefined
    const orderId = randomUUID()
    let delivered: { transactionHash: string }
    try {
      delivered = await funder.deliver(view.selected, wallet?.address ?? '', view.quote.purchaseAmount.value)
    } catch (error) {
      const message = error instanceof OnrampError ? error.message : String(error)
      return sendHtml(response, 500, CheckoutPage.failure(message, back({ status: 'failed', orderId })))
    }
    orders.push({
      id: orderId,
      partnerUserId: session.partnerUserId,
      walletAddress: wallet?.address ?? '',
      network: view.selected.network.caipNetworkId,
      asset: view.selected.asset,
      purchaseAmount: view.quote.purchaseAmount.value,
      paymentTotal: view.quote.paymentTotal.value,
      paymentCurrency: view.fiat,
      transactionHash: delivered.transactionHash,
      createdAt: new Date().toISOString(),
    })
    const redirect = back({
      status: 'success',
      orderId,
      network: view.selected.network.caipNetworkId,
      transactionHash: delivered.transactionHash,
    })
    if (redirect) {
      response.writeHead(303, { location: redirect }).end()
      return
    }
    sendHtml(
      response,
      200,
      CheckoutPage.done({
        transactionHash: delivered.transactionHash,
        network: view.selected.network.name,
        purchase: `${view.quote.purchaseAmount.value} ${view.selected.asset}`,
      }),
    )
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base)
    const route = `${request.method} ${url.pathname}`
    if (route === 'GET /health') return sendJson(response, 200, { ok: true })
    if (route === 'GET /v1/options') return sendJson(response, 200, Catalog.options(products))
    if (route === 'POST /v1/quote') {
      const body = parsed(OnrampQuoteRequest, parseJson(await readBody(request)))
      const { quote } = Catalog.price(products, body, randomUUID())
      quotes.set(quote.quoteId, { quote, request: body })
      return sendJson(response, 200, quote)
    }
    if (route === 'POST /v1/sessions') {
      const body = parsed(OnrampUrlRequestSchema, parseJson(await readBody(request)))
      const available = sessionProducts(body)
      if (available.length === 0)
        throw new OnrampError(
          400,
          'NOTHING_TO_BUY',
          'Nothing this provider sells can be delivered to these wallets',
        )
      const token = randomUUID()
      sessions.set(token, body)
      return sendJson(response, 200, {
        token,
        url: `${base}/checkout?sessionToken=${token}`,
      } satisfies OnrampSession)
    }
    if (route === 'GET /checkout') {
      const token = url.searchParams.get('sessionToken') ?? ''
      const session = sessions.get(token)
      if (!session)
        return sendHtml(response, 404, CheckoutPage.failure('This checkout session has expired', undefined))
      return sendHtml(response, 200, CheckoutPage.checkout(checkoutView(token, session, {})))
    }
    if (route === 'POST /checkout/pay') return pay(response, await readBody(request))
    throw new OnrampError(404, 'NOT_FOUND', `No such endpoint: ${route}`)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy()
      const known = error instanceof OnrampError
      if (!known) process.stderr.write(`[onramp] ${(error as Error).stack ?? String(error)}\n`)
      const status = known ? error.status : 500
      const message = known ? error.message : 'Internal error'
      if (request.url?.startsWith('/checkout'))
        return sendHtml(response, status, CheckoutPage.failure(message, undefined))
      sendJson(response, status, { error: message, code: known ? error.code : 'INTERNAL' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    fundingAddresses: Funder.fundingAddresses(options.networks),
    orders: () => orders,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
