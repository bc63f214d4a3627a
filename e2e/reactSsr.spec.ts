// @walletframe/sdk/react is SSR-safe: the dapp renders with react-dom/server, hydrates in Chromium
// without a mismatch (no console error, no recoverable error), then the hooks follow the live frame.
import type { Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { expect, rpcUrlsOf, test } from './lib/chains.js'
import { projectId, type Stack } from './lib/fixtures.js'
import { serveHostPage } from './lib/hostPage.js'
import { App } from './lib/reactHost.app.js'
import { hostnamesOf } from './lib/stack.js'
import { recordOutbound } from './lib/walletConnect.js'

const holder = evmAccount(5)

function serverRender(stack: Stack, chains: ChainsFile) {
  const networks = chains.networks.map((network) => network.caipNetworkId)
  const options = {
    projectId,
    frameUrl: stack.frame.url,
    networks,
    metadata: { name: 'React host', url: stack.demo.origin },
  }
  return { networks, html: renderToString(createElement(App, { options })) }
}

let outbound: string[] = []
test.beforeEach(({ page, stack }) => {
  outbound = recordOutbound(page, hostnamesOf(stack))
})
test.afterEach(() => {
  expect(outbound).toEqual([])
})

const hydrationErrors = (page: Page) =>
  page.evaluate(() => (window as unknown as { hydrationErrors: string[] }).hydrationErrors)

test('renders on the server, hydrates without a mismatch, then shows the frame state', async ({
  page,
  stack,
  chains,
}) => {
  const { networks, html } = serverRender(stack, chains)
  // The server snapshot: what a frame that has not started reports.
  expect(html).toContain('data-testid="ready">false<')
  expect(html).toContain('data-testid="status">disconnected<')
  expect(html).toContain('data-testid="network">none<')

  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.startsWith(stack.demo.origin))
      consoleErrors.push(message.text())
  })
  // (pageerror would also report the frame's: the wallet's init script runs there too and finds its
  // storage blocked. The host page's own uncaught errors land in hydrationErrors.)
  await injectBrowserWallet(page, { privateKey: holder.privateKey, rpcUrls: rpcUrlsOf(chains), chainId: 1 })
  await page.goto(
    await serveHostPage(page, stack.demo.origin, {
      entry: new URL('./lib/reactHost.page.ts', import.meta.url).pathname,
      path: '/react.html',
      config: { frameUrl: stack.frame.url, projectId, networks },
      html,
    }),
  )
  // After hydration the hooks read the live instance.
  await expect(page.getByTestId('ready')).toHaveText('true')
  await expect(page.getByTestId('network')).toHaveText('eip155:1')
  // No sign-in configured: the frame reports no session, and the hook stays undefined.
  await expect(page.getByTestId('siwx')).toHaveText('unknown')
  await page.getByTestId('open').click()
  await expect(page.getByTestId('modal')).toHaveText('true')
  await page
    .frameLocator('iframe[title="Walletframe"]')
    .getByTestId('wf-wallet-org.walletframe.testwallet')
    .click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(holder.address)
  await expect(page.getByTestId('modal')).toHaveText('false')

  expect(await hydrationErrors(page)).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('the page reports a mismatch when the server markup differs (the check above can fail)', async ({
  page,
  stack,
  chains,
}) => {
  const { networks, html } = serverRender(stack, chains)
  const tampered = html.replace('data-testid="status">disconnected<', 'data-testid="status">connected<')
  expect(tampered).not.toBe(html)
  await page.goto(
    await serveHostPage(page, stack.demo.origin, {
      entry: new URL('./lib/reactHost.page.ts', import.meta.url).pathname,
      path: '/react.html',
      config: { frameUrl: stack.frame.url, projectId, networks },
      html: tampered,
    }),
  )
  await expect.poll(() => hydrationErrors(page)).toEqual([expect.stringContaining('Hydration failed')])
})
