// Playwright fixtures: a worker-scoped stack (see stack.ts), the demo page and the modal's frame.
import { test as base, type Frame, type FrameLocator, type Page } from '@playwright/test'
import { type Stack, startStack } from './stack.js'

export { projectId, type Stack, startStack, unreachableNetworks } from './stack.js'

export const test = base.extend<{ demo: Page; modal: FrameLocator }, { stack: Stack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const stack = await startStack()
      await use(stack)
      await stack.close()
    },
    { scope: 'worker' },
  ],
  demo: async ({ page, stack }, use) => {
    await page.goto(stack.demoUrl())
    await use(page)
  },
  modal: async ({ demo }, use) => {
    await use(demo.frameLocator('iframe[title="Walletframe"]'))
  },
})

export { expect } from '@playwright/test'

/** The frame's Frame object (for evaluating inside it). */
export function frameOf(page: Page, stack: Pick<Stack, 'frame'>): Frame {
  const found = page.frames().find((frame) => frame.url().startsWith(stack.frame.origin))
  if (!found) throw new Error('The Walletframe iframe is not on the page')
  return found
}
