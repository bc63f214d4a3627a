// The frame on the host page's own site (frame.dapp.test in dapp.test: the `same-site` project of
// playwright.config.ts), where its storage is first-party: a connect flow with a browser wallet, a
// signature, and the connection kept across a reload of the host page.
import { evmAccount } from '@walletframe/devstack'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { expect, rpcUrlsOf, test } from './lib/chains.js'
import { frameOf } from './lib/fixtures.js'
import { providerRequest, signAndVerify } from './lib/provider.js'

const holder = evmAccount(3)

test.beforeEach(async ({ page, chains, regime }) => {
  expect(regime).toBe('same-site')
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
})

test('connects a browser wallet, signs, and stays connected across a reload', async ({
  demo,
  modal,
  stack,
}) => {
  // Same site, yet another origin: the channel still runs cross-origin.
  expect(new URL(stack.frame.origin).hostname).toBe('frame.dapp.test')
  expect(stack.frame.origin).not.toBe(stack.demo.origin)
  await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
  expect(await frameOf(demo, stack).evaluate(() => isSecureContext)).toBe(true)

  await demo.getByTestId('open').click()
  await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(holder.address)
  expect(await providerRequest(demo, 'eth_accounts')).toEqual({ result: [holder.address] })
  expect(await signAndVerify(demo, holder.address, 'Sign in on the same site')).toEqual({ verified: true })

  await demo.reload()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(holder.address)
  await demo.getByTestId('disconnect').click()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await demo.reload()
  await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
})
