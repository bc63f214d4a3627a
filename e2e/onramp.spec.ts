// Buying through the on-ramp against the devnets: the API serves the devstack's local provider, the
// frame quotes and opens the provider's checkout in a popup, paying there funds the browser wallet
// on the devnet, and the purchase shows in Purchases and Activity. With the provider down, the frame
// shows the built-in options and a quote marked as an estimate.

import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FrameLocator, Page } from '@playwright/test'
import { startApi } from '@walletframe/api'
import { onrampFundingAddresses } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { type Address, createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { test as chainsTest, expect, rpcUrlsOf, serversKey } from './lib/chains.js'
import { expectToast } from './lib/fixtures.js'
import { serviceStartTimeout } from './lib/services.js'
import { projectId } from './lib/stack.js'

/** The provider behind a switch: forwarded while up, 503 for every call while down. */
type Outage = { readonly url: string; down: boolean; close(): Promise<void> }

async function switchable(target: string): Promise<Outage> {
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }
  const outage = { down: false }
  const server = createServer((request, response) => {
    if (outage.down) {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down for the test"}')
      return
    }
    void read(request)
      .then(async (body) => {
        const answer = await fetch(`${target}${request.url}`, {
          method: request.method ?? 'GET',
          headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
          ...(body.length > 0 ? { body } : {}),
        })
        response
          .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' })
          .end(Buffer.from(await answer.arrayBuffer()))
      })
      .catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(outage, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

// The API as e2e/lib/api.ts starts it, configured with the devstack's on-ramp through the switch: both
// kept among the worker's services for this spec's devnets (`withOwnApi`).
type Onramp = { provider: Outage; api: { url: string; stop(): Promise<void> } }

const test = chainsTest.extend<Onramp & { onrampServers: Onramp }, object>({
  withOwnApi: 'onramp',
  onrampServers: [
    async ({ stack, chains, services, serverOptions }, use) => {
      const start = async (): Promise<Onramp> => {
        const onramp = chains.services.onramp
        if (!onramp) throw new Error('The devstack runs no on-ramp')
        const provider = await switchable(onramp)
        const api = await startApi({
          config: {
            ...chains,
            projects: [{ id: projectId, name: 'e2e', allowedOrigins: [stack.demo.origin] }],
            options: {
              frameOrigins: [stack.frame.origin],
              reorgSafeDepth: 0,
              onramp: { url: provider.url, fundingAddresses: onrampFundingAddresses(chains.networks) },
            },
          },
          databaseUrl: undefined,
        })
        return { provider, api }
      }
      const stop = async ({ provider, api }: Onramp) => {
        await api.stop()
        await provider.close()
      }
      await use(await services.get(`onramp ${serversKey(serverOptions)}`, start, stop))
    },
    { timeout: serviceStartTimeout },
  ],
  provider: async ({ onrampServers }, use) => {
    onrampServers.provider.down = false
    await use(onrampServers.provider)
  },
  api: async ({ onrampServers, stack }, use) => {
    stack.setApiUrl(onrampServers.api.url)
    await use(onrampServers.api)
    stack.setApiUrl(undefined)
  },
  page: async ({ page, api: _api }, use) => {
    await use(page)
  },
})

const ethereum = (chains: ChainsFile) => chains.networks.find((network) => network.id === 1)!
const client = (chains: ChainsFile) => createPublicClient({ transport: http(rpcUrlsOf(chains)[1]) })

/** A fresh account, holding nothing: whatever it holds afterwards, it bought. */
async function connectFresh(demo: Page, modal: FrameLocator, chains: ChainsFile) {
  const privateKey = generatePrivateKey()
  const buyer = privateKeyToAccount(privateKey)
  await injectBrowserWallet(demo, { privateKey, rpcUrls: rpcUrlsOf(chains), chainId: 1 })
  await demo.reload()
  await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
  return buyer.address
}

async function openBuy(modal: FrameLocator) {
  await modal.getByTestId('wf-feature-onramp').click()
  await expect(modal.locator('#wf-title')).toHaveText('Buy')
  await expect(modal.getByTestId('wf-buy')).toBeVisible()
}

test('buys ETH: the quote, the checkout popup on the provider, the wallet funded on the devnet, the purchase in Activity', async ({
  demo,
  modal,
  chains,
}) => {
  const buyer = await connectFresh(demo, modal, chains)
  await expect(modal.getByTestId('wf-account-balance')).toHaveText('0 ETH')
  await openBuy(modal)

  // The provider's options: its currencies (GBP too), the network's native currency first.
  await expect(modal.getByTestId('wf-buy-defaults')).toHaveCount(0)
  await expect(modal.getByTestId('wf-buy-currency').locator('option')).toHaveText(['USD', 'EUR', 'GBP'])
  await expect(modal.getByTestId('wf-buy-asset')).toHaveValue('ETH')
  await expect(modal.getByTestId('wf-buy-limits')).toHaveText('Card: 10–7500 USD')

  // Within the payment method's limits only.
  await modal.getByTestId('wf-buy-amount').fill('5')
  await expect(modal.getByTestId('wf-buy-amount-error')).toHaveText(
    'Incorrect amount: Enter an amount between 10 and 7500 USD',
  )
  await expect(modal.getByTestId('wf-buy-submit')).toBeDisabled()
  await modal.getByTestId('wf-buy-amount').fill('12.345')
  await expect(modal.getByTestId('wf-buy-amount-error')).toHaveText(
    'Incorrect amount: Please enter a valid amount',
  )
  await modal.getByTestId('wf-buy-method').selectOption('bank_account')
  await expect(modal.getByTestId('wf-buy-limits')).toHaveText('Bank account: 10–25000 USD')
  await modal.getByTestId('wf-buy-method').selectOption('card')

  // The quote: 2 % by card and the network fee off 100 USD, the rest at 3000 USD per ETH.
  await modal.getByTestId('wf-buy-amount').fill('100')
  await expect(modal.getByTestId('wf-buy-quote')).toHaveAttribute('data-source', 'provider')
  await expect(modal.getByTestId('wf-buy-quote-amount')).toHaveText('0.03258333 ETH')
  await expect(modal.getByTestId('wf-buy-quote-fee')).toHaveText('2.00 USD')
  await expect(modal.getByTestId('wf-buy-quote-total')).toHaveText('100.00 USD')

  // The checkout opens in a popup on the provider's own page, with the order preset.
  const popupOpened = demo.context().waitForEvent('page')
  await modal.getByTestId('wf-buy-submit').click()
  const checkout = await popupOpened
  await expect(checkout.getByTestId('checkout-pay')).toBeVisible()
  expect(new URL(checkout.url()).origin).toBe(new URL(chains.services.onramp!).origin)
  await expect(checkout.getByTestId('checkout-wallet')).toHaveText(buyer)
  await expect(checkout.getByTestId('checkout-total')).toHaveText('100.00 USD')
  await expect(modal.getByTestId('wf-buy-waiting')).toBeVisible()

  // Paying sends the ETH, returns the popup to the frame, which closes it and lists the purchase.
  const closed = checkout.waitForEvent('close')
  await checkout.getByTestId('checkout-pay').click()
  await closed
  await expectToast(modal, 'Purchase complete')
  await expect(modal.locator('#wf-title')).toHaveText('Purchases')
  const purchase = modal.getByTestId('wf-purchase')
  await expect(purchase).toHaveCount(1, { timeout: 20_000 })
  await expect(purchase.getByTestId('wf-purchase-amount')).toHaveText('+0.032 ETH')

  // On chain: the provider's funding address sent exactly the quoted amount to the wallet.
  const hash = (await purchase.getAttribute('data-hash')) as Hex
  const receipt = await client(chains).getTransactionReceipt({ hash })
  expect(receipt.from.toLowerCase()).toBe(
    onrampFundingAddresses(chains.networks)['eip155:1']![0]!.toLowerCase(),
  )
  expect(receipt.to?.toLowerCase()).toBe(buyer.toLowerCase())
  expect(await client(chains).getBalance({ address: buyer as Address })).toBe(parseEther('0.03258333'))

  // The Account view shows the new balance, and Activity the purchase.
  await modal.getByTestId('wf-purchases-account').click()
  await expect(modal.getByTestId('wf-account-balance')).toHaveText('0.032 ETH')
  await modal.getByTestId('wf-tab-Activity').click()
  const entry = modal.locator(`[data-testid="wf-activity-entry"][data-hash="${hash}"]`)
  await expect(entry).toBeVisible()
  await expect(entry).toHaveAttribute('data-operation', 'receive')
  expect(ethereum(chains).caipNetworkId).toBe('eip155:1')
})

test('with the provider down: the built-in options, a quote marked as an estimate, and no checkout', async ({
  demo,
  modal,
  chains,
  provider,
}) => {
  provider.down = true
  try {
    await connectFresh(demo, modal, chains)
    await openBuy(modal)
    await expect(modal.getByTestId('wf-buy-defaults')).toBeVisible()
    await expect(modal.getByTestId('wf-buy-currency').locator('option')).toHaveText(['USD', 'EUR'])
    await expect(modal.getByTestId('wf-buy-limits')).toHaveText('Card: 10–7500 USD')
    await modal.getByTestId('wf-buy-method').selectOption('bank_account')
    await expect(modal.getByTestId('wf-buy-limits')).toHaveText('Bank account: 10–25000 USD')
    await modal.getByTestId('wf-buy-currency').selectOption('EUR')
    await expect(modal.getByTestId('wf-buy-limits')).toHaveText('Bank account: 10–25000 EUR')
    await modal.getByTestId('wf-buy-currency').selectOption('USD')
    await modal.getByTestId('wf-buy-method').selectOption('card')

    await modal.getByTestId('wf-buy-amount').fill('100')
    await expect(modal.getByTestId('wf-buy-quote')).toHaveAttribute('data-source', 'mock')
    await expect(modal.getByTestId('wf-buy-quote-mock')).toBeVisible()
    // The API's estimate: 2 % off, the rest at the configured 3000 USD per ETH.
    await expect(modal.getByTestId('wf-buy-quote-amount')).toHaveText('0.03266666 ETH')

    // No provider, no checkout: the popup closes again and the form says why.
    await modal.getByTestId('wf-buy-submit').click()
    await expect(modal.getByTestId('wf-buy-checkout-error')).toContainText('Could not open the checkout')
  } finally {
    provider.down = false
  }
})
