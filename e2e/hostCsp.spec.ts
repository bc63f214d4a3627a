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

apiTest(
  'a host CSP whose frame-src leaves out the frame fails at once with a clear state.error',
  async ({ page, stack }) => {
    const policy = `default-src 'self'; frame-src 'self'`
    stack.demoHeaders['content-security-policy'] = policy
    try {
      await page.goto(stack.demoUrl())
      // The SDK's start-up timeout is 30 s: the error comes from the violation, well before it.
      await expect(page.getByTestId('sdk-status')).toHaveText('error', { timeout: 5_000 })
      await expect(page.getByTestId('sdk-error')).toHaveText(
        '4900: The wallet frame is not available: CSP frame-src blocks it',
      )
      const answer = await page.evaluate(async () => {
        const { provider } = (
          window as unknown as { walletframe: { provider: { request(a: unknown): Promise<unknown> } } }
        ).walletframe
        return provider.request({ method: 'eth_chainId' }).then(
          () => 'answered',
          (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
        )
      })
      expect(answer).toEqual({
        code: 4900,
        message: 'The wallet frame is not available: CSP frame-src blocks it',
      })
    } finally {
      delete stack.demoHeaders['content-security-policy']
    }
  },
)
