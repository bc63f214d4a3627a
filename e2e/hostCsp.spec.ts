// Host pages as they are: a page under a strict Content-Security-Policy (`default-src 'self';
// frame-src <frame origin>`, no inline script) loads the SDK, shows the frame and connects a browser
// wallet end to end, with no CSP violation on the page.
import { evmAccount } from '@walletframe/devstack'
import { test as apiTest, expect } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'

const holder = evmAccount(9)

apiTest('a host page with a strict CSP works end to end', async ({ page, stack, chains, modal }) => {
  const policy = `default-src 'self'; frame-src ${stack.frame.origin}`
  stack.demoHeaders['content-security-policy'] = policy
  try {
    await injectBrowserWallet(page, {
      privateKey: holder.privateKey as `0x${string}`,
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
    // Whatever the policy blocks on the page is recorded (the test wallet's script runs before it).
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      )
    })
    const response = await page.goto(stack.demoUrl())
    expect(await response?.headerValue('content-security-policy')).toBe(policy)
    await expect(page.getByTestId('sdk-status')).toHaveText('ready')
    await connectBrowserWallet(page, modal, { thenOpen: 'Account' })
    await expect(page.getByTestId('state-address')).toHaveText(holder.address)
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([])
  } finally {
    delete stack.demoHeaders['content-security-policy']
  }
})
