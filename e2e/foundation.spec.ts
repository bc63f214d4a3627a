// The channel and the modal in a real browser: a cross-origin frame on the demo host page.
import { expect, frameOf, test } from './lib/fixtures.js'

test.describe('the frame on the host page', () => {
  test('is cross-origin, hidden by default, and does not take clicks from the host page', async ({
    demo,
    stack,
  }) => {
    await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
    const iframe = demo.locator('iframe[title="Walletframe"]')
    expect(new URL((await iframe.getAttribute('src')) as string).origin).toBe(stack.frame.origin)
    expect(stack.frame.origin).not.toBe(stack.demo.origin)
    const style = await iframe.evaluate((element) => {
      const computed = getComputedStyle(element)
      return {
        position: computed.position,
        zIndex: computed.zIndex,
        visible: computed.visibility,
      }
    })
    expect(style).toMatchObject({ position: 'fixed', zIndex: '999999', visible: 'hidden' })
    // A click on the host page reaches the host page: a hidden box is not hit-tested.
    await demo.getByTestId('rpc-chain-id').click()
    await expect(demo.getByTestId('rpc-result')).toHaveText('"0x1"')
  })

  test('open() shows Connect; Escape and the close button hide it and give clicks back', async ({
    demo,
    modal,
  }) => {
    await demo.getByTestId('open').click()
    await expect(modal.getByTestId('wf-view-Connect')).toBeVisible()
    await expect(modal.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect(demo.getByTestId('modal-open')).toHaveText('true')
    const iframe = demo.locator('iframe[title="Walletframe"]')
    await expect(iframe).toHaveCSS('visibility', 'visible')

    await demo.keyboard.press('Escape')
    await expect(demo.getByTestId('modal-open')).toHaveText('false')
    await expect(iframe).toHaveCSS('visibility', 'hidden')
    await expect(demo.getByTestId('open')).toBeFocused()

    await demo.getByTestId('open').click()
    await modal.getByTestId('wf-close').click()
    await expect(demo.getByTestId('modal-open')).toHaveText('false')
    await demo.getByTestId('rpc-chain-id').click()
    await expect(demo.getByTestId('rpc-result')).toHaveText('"0x1"')
  })

  test('keeps keyboard focus inside the dialog', async ({ demo, modal }) => {
    await demo.getByTestId('open').click()
    await expect(modal.getByTestId('wf-view-Connect')).toBeVisible()
    for (let i = 0; i < 5; i++) await demo.keyboard.press('Tab')
    const inside = await modal
      .locator('[role="dialog"]')
      .evaluate((dialog) => dialog.contains(document.activeElement))
    expect(inside).toBe(true)
  })

  test('opens a requested view, and back with one entry closes the modal', async ({ demo, modal }) => {
    await demo.evaluate(() =>
      (window as unknown as { walletframe: { open(o: object): Promise<void> } }).walletframe.open({
        view: 'Networks',
      }),
    )
    await expect(modal.getByTestId('wf-view-Networks')).toBeVisible()
    await expect(modal.getByTestId('wf-back')).toHaveCount(0)
    await expect(modal.getByTestId('wf-network-eip155:8453')).toBeVisible()
    // Choosing a network switches it, then goes back — with one entry that closes the modal.
    await modal.getByTestId('wf-network-eip155:8453').click()
    await expect(demo.getByTestId('modal-open')).toHaveText('false')
    await expect(demo.getByTestId('state-network')).toHaveText('eip155:8453')
    await expect(demo.getByTestId('provider-events')).toContainText('chainChanged "0x2105"')
    // Not connected and no view requested: Connect again.
    await demo.getByTestId('open').click()
    await expect(modal.getByTestId('wf-view-Connect')).toBeVisible()
  })

  test('applies the theme the host switches to', async ({ demo, modal }) => {
    await demo.getByTestId('open').click()
    const root = modal.locator('.wf-root')
    await expect(root).toHaveAttribute('data-theme', 'dark')
    const dark = await modal.locator('.wf-card').evaluate((card) => getComputedStyle(card).backgroundColor)
    await demo.keyboard.press('Escape')
    await demo.getByTestId('theme-toggle').click()
    await expect(demo.getByTestId('theme-toggle')).toHaveAttribute('data-theme', 'light')
    await demo.getByTestId('open').click()
    await expect(root).toHaveAttribute('data-theme', 'light')
    const light = await modal.locator('.wf-card').evaluate((card) => getComputedStyle(card).backgroundColor)
    expect(light).not.toBe(dark)
  })
})

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 800 } })
  test('the modal is a bottom sheet across the full width', async ({ demo, modal }) => {
    await demo.getByTestId('open').click()
    const card = modal.getByTestId('wf-modal')
    await expect(card).toBeVisible()
    const box = await card.boundingBox()
    expect(box?.width).toBe(390)
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800)
  })

  test('the modal is 360 px wide and centred on a wide screen', async ({ browser, stack }) => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } })
    await page.goto(stack.demoUrl())
    await page.getByTestId('open').click()
    const card = page.frameLocator('iframe[title="Walletframe"]').getByTestId('wf-modal')
    await expect(card).toBeVisible()
    const box = await card.boundingBox()
    expect(box?.width).toBe(360)
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0) / 2)).toBe(600)
    await page.close()
  })
})

test.describe('a host origin the project does not allow', () => {
  test('gets Invalid App Configuration and its requests fail', async ({ page, stack }) => {
    await page.goto(stack.foreignUrl())
    await expect(page.getByTestId('sdk-status')).toHaveText('error')
    await expect(page.getByTestId('sdk-error')).toContainText('Invalid App Configuration')
    await page.getByTestId('open').click()
    await expect(page.getByTestId('action-error')).toContainText('Invalid App Configuration')
    await page.getByTestId('rpc-accounts').click()
    await page.getByTestId('rpc-chain-id').click()
    await expect(page.getByTestId('rpc-error')).toContainText('Invalid App Configuration')
    await expect(page.locator('iframe[title="Walletframe"]')).toHaveCSS('visibility', 'hidden')
  })
})

test.describe('malformed and foreign messages', () => {
  test('1,000 of them break nothing: the modal still opens and requests still answer', async ({
    demo,
    stack,
    modal,
  }) => {
    await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
    const garbage = (i: number): unknown => {
      const shapes: unknown[] = [
        null,
        i,
        `text ${i}`,
        [i],
        { channel: 'walletframe', type: 'frame:ready', version: 1 },
        { channel: 'walletframe', type: 'frame:ready', version: '1' },
        {
          channel: 'walletframe',
          type: 'host:init',
          version: 1,
          sdkVersion: 'x',
          config: { projectId: 'e2e-project' },
        },
        { kind: 'request', id: i, method: 'open' },
        { kind: 'response', id: i, result: 'forged' },
        { kind: 'event', event: 'modal', data: { open: true } },
        { kind: 'event', event: 'state', data: { status: 'connected', isConnected: true, allAccounts: [] } },
        { __proto__: { kind: 'event' }, toString: 'x' },
      ]
      return shapes[i % shapes.length]
    }
    // From the host page: at the frame (wrong shapes, no port) and at the SDK's own window
    // (a frame:ready from the wrong source window).
    await demo.evaluate(
      ({ count, shapes }) => {
        const iframe = document.querySelector('iframe[title="Walletframe"]') as HTMLIFrameElement
        for (let i = 0; i < count; i++) {
          const message = shapes[i % shapes.length]
          iframe.contentWindow?.postMessage(message, '*')
          window.postMessage(message, '*')
        }
      },
      { count: 250, shapes: Array.from({ length: 12 }, (_, i) => garbage(i)) },
    )
    // From inside the frame's origin: at the host page, whose SDK accepts only its port.
    await frameOf(demo, stack).evaluate(
      ({ count, shapes }) => {
        for (let i = 0; i < count; i++) window.parent.postMessage(shapes[i % shapes.length], '*')
      },
      { count: 250, shapes: Array.from({ length: 12 }, (_, i) => garbage(i)) },
    )
    // From a window on a third origin inside the host page, aimed at the host page and the frame.
    await demo.evaluate(async (url) => {
      const foreign = document.createElement('iframe')
      foreign.src = url
      foreign.name = 'foreign'
      document.body.append(foreign)
      await new Promise((resolve) => foreign.addEventListener('load', resolve, { once: true }))
    }, `${stack.foreign.origin}/demo-config.json`)
    const foreignFrame = demo.frame({ name: 'foreign' })
    if (!foreignFrame) throw new Error('the foreign frame did not load')
    await foreignFrame.evaluate(
      ({ count, shapes }) => {
        const walletframe = window.parent.frames[0]
        for (let i = 0; i < count; i++) {
          window.parent.postMessage(shapes[i % shapes.length], '*')
          walletframe?.postMessage(shapes[i % shapes.length], '*')
        }
      },
      { count: 125, shapes: Array.from({ length: 12 }, (_, i) => garbage(i)) },
    )

    await expect(demo.getByTestId('modal-open')).toHaveText('false')
    await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
    await demo.getByTestId('open').click()
    await expect(modal.getByTestId('wf-view-Connect')).toBeVisible()
    await demo.keyboard.press('Escape')
    await demo.getByTestId('rpc-chain-id').click()
    await expect(demo.getByTestId('rpc-result')).toHaveText('"0x1"')
  })
})
