// The frame says frame:ready from its early script, before its app's modules have run; the host's
// handshake then waits in the frame until the app takes it over. Here the app's modules are held back
// until the host page has heard frame:ready, so the early script surely answers first: the host is
// still told frame:ready once, `ready` still means initialised, and a call made as soon as `ready`
// resolves is answered. When the app starts first (its modules arrive before the early script), it
// says frame:ready itself, once as well.
import type { Page, Route } from '@playwright/test'
import { expect, frameOf, type Stack, test } from './lib/fixtures.js'

/** Counts frame:ready messages the host page receives from the frame origin; resolves the first. */
async function countReady(page: Page, stack: Stack) {
  let heard!: () => void
  const first = new Promise<void>((resolve) => {
    heard = resolve
  })
  await page.exposeFunction('__frameReadyHeard', () => heard())
  await page.addInitScript((frameOrigin) => {
    if (window.top !== window) return
    window.addEventListener('message', (event) => {
      if (event.origin !== frameOrigin || (event.data as { type?: unknown })?.type !== 'frame:ready') return
      const counted = window as unknown as { __frameReady?: number; __frameReadyHeard(): void }
      counted.__frameReady = (counted.__frameReady ?? 0) + 1
      counted.__frameReadyHeard()
    })
  }, stack.frame.origin)
  return {
    first,
    count: () => page.evaluate(() => (window as unknown as { __frameReady?: number }).__frameReady ?? 0),
  }
}

/** Holds the frame's responses matching `held` until `release` resolves. */
async function holdBack(page: Page, stack: Stack, held: RegExp, release: Promise<unknown>) {
  await page.context().route(
    (url) => url.origin === stack.frame.origin && held.test(url.pathname),
    async (route: Route) => {
      await release
      await route.continue()
    },
  )
}

/** After ready: an open() call sent at once is answered, and Connect shows. */
async function openRightAfterReady(page: Page, stack: Stack) {
  // The demo page creates its instance once its config is fetched, after the page's load event.
  await page.waitForFunction(() => 'walletframe' in window)
  const opened = await page.evaluate(async () => {
    const wf = (window as unknown as { walletframe: { ready: Promise<void>; open(): Promise<void> } })
      .walletframe
    await wf.ready
    await wf.open()
    return true
  })
  expect(opened).toBe(true)
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await expect(page.frameLocator('iframe[title="Walletframe"]').getByTestId('wf-view-Connect')).toBeVisible()
  await expect(frameOf(page, stack).locator('.wf-root')).toHaveAttribute('data-open', 'true')
}

test('the early script answers first: the handshake it kept is the app’s, ready means initialised, a call right after is answered', async ({
  page,
  stack,
}) => {
  const ready = await countReady(page, stack)
  // Every module of the app, not the early script (assets/ready-…).
  await holdBack(page, stack, /^\/assets\/(?!ready-).*\.js$/, ready.first)
  await page.goto(stack.demoUrl())
  await openRightAfterReady(page, stack)
  expect(await ready.count()).toBe(1)
})

test('the app answers first: it says frame:ready itself, once, and the early script stays quiet', async ({
  page,
  stack,
}) => {
  const ready = await countReady(page, stack)
  let appStarted!: () => void
  const started = new Promise<void>((resolve) => {
    appStarted = resolve
  })
  // The early script waits for the app's own frame:ready.
  await holdBack(page, stack, /^\/assets\/ready-.*\.js$/, started)
  void ready.first.then(() => appStarted())
  await page.goto(stack.demoUrl())
  await openRightAfterReady(page, stack)
  // The early script has run by now (its response was released with the first frame:ready).
  await expect.poll(() => frameOf(page, stack).evaluate(() => document.readyState)).toBe('complete')
  expect(await ready.count()).toBe(1)
})
