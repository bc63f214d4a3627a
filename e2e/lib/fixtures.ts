// Playwright fixtures: a worker-scoped stack (see stack.ts) in a storage regime (see regime.ts), the
// Chromium launched for it, the servers its specs share (services.ts), the demo page and the modal's frame.
// These are the only worker-scoped fixtures: every spec of a regime runs in one kind of worker, and
// what a spec needs beyond the pages (devnets, an API, the relay) comes from `services` under
// test-scoped options (chains.ts, api.ts, walletConnect.ts).
import { type Browser, test as base, type Frame, type FrameLocator, type Page } from '@playwright/test'
import { chromiumArgs } from '../playwright.config.js'
import { hostsOf, type Regime, regimeArgs } from './regime.js'
import * as Services from './services.js'
import { type Stack, startStack } from './stack.js'
import { recordToasts } from './toasts.js'

export type { Regime } from './regime.js'
export { hostnamesOf, projectId, type Stack, startStack, unreachableNetworks } from './stack.js'

export const test = base.extend<
  { demo: Page; modal: FrameLocator },
  { stack: Stack; regime: Regime; services: Services.Services }
>({
  // Worker-scoped: `test.use({ regime })` in a file or a describe runs its tests in a worker of their own.
  regime: ['blocked', { scope: 'worker', option: true }],
  stack: [
    async ({ regime }, use) => {
      const stack = await startStack({ hosts: hostsOf(regime) })
      await use(stack)
      await stack.close()
    },
    { scope: 'worker' },
  ],
  services: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const services = Services.create()
      await use(services)
      await services.close()
    },
    { scope: 'worker' },
  ],
  // Playwright's own `browser`, launched after the stack: the resolver rules and the secure origins
  // name the servers' ports. Launched through the `playwright` fixture, so tracing still works.
  browser: [
    async ({ playwright, headless, stack, regime }, use) => {
      const browser: Browser = await playwright.chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless,
        args: [
          ...chromiumArgs,
          ...regimeArgs(regime, [stack.frame.origin, stack.demo.origin, stack.foreign.origin]),
        ],
      })
      await use(browser)
      await browser.close()
    },
    { scope: 'worker' },
  ],
  // Every spec's context records the frame's toasts (toasts.ts), which close on their own.
  context: async ({ context }, use) => {
    await recordToasts(context)
    await use(context)
  },
  demo: async ({ page, stack }, use) => {
    await page.goto(stack.demoUrl())
    // The demo's module reads its config before it makes the instance: the page's load event does
    // not wait for that, and specs call window.walletframe directly.
    await page.waitForFunction(() => 'walletframe' in window)
    await use(page)
  },
  modal: async ({ demo }, use) => {
    await use(demo.frameLocator('iframe[title="Walletframe"]'))
  },
})

export { expect } from '@playwright/test'
export { expectToast } from './toasts.js'

/** The frame's Frame object (for evaluating inside it). */
export function frameOf(page: Page, stack: Pick<Stack, 'frame'>): Frame {
  const found = page.frames().find((frame) => originOf(frame.url()) === stack.frame.origin)
  if (!found) throw new Error('The Walletframe iframe is not on the page')
  return found
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'null'
  }
}
