// The storage regimes the e2e stack runs the frame in (e2e/lib/regime.ts; this file runs in each
// regime's project, see playwright.config.ts), proved inside the frame's own document: whatever the
// frame app does (it may fail to boot without storage), the browser gives that document blocked,
// partitioned or first-party storage.
import type { Frame, Page } from '@playwright/test'
import { expect, frameOf, type Stack, test } from './lib/fixtures.js'

/** What the frame's document sees of its environment and storage. */
type Probe = {
  secure: boolean
  /** localStorage's value for the key after the optional write, or the error storage threw. */
  stored?: string | null
  error?: string
  /** How indexedDB.open ended. */
  indexedDb: string
}

/** Opens a host page, waits for the Walletframe iframe's document and probes it. */
async function probeFrame(page: Page, stack: Stack, url: string, write?: string): Promise<Probe> {
  await page.goto(url)
  let frame: Frame | undefined
  await expect
    .poll(() => {
      try {
        frame = frameOf(page, stack)
        return true
      } catch {
        return false
      }
    })
    .toBe(true)
  await (frame as Frame).waitForLoadState('domcontentloaded')
  return probe(frame as Frame, write)
}

function probe(target: Page | Frame, write?: string): Promise<Probe> {
  return target.evaluate(async (write) => {
    const result: Probe = { secure: isSecureContext, indexedDb: '' }
    try {
      if (write !== undefined) localStorage.setItem('wf-regime', write)
      result.stored = localStorage.getItem('wf-regime')
    } catch (error) {
      result.error = String(error)
    }
    result.indexedDb = await new Promise<string>((resolve) => {
      try {
        const request = indexedDB.open('wf-regime')
        request.onsuccess = () => {
          request.result.close()
          resolve('opened')
        }
        request.onerror = () => resolve(`error: ${request.error?.message}`)
      } catch (error) {
        resolve(`threw: ${error}`)
      }
    })
    return result
  }, write)
}

/** The frame origin's own first-party storage: a top-level page on that origin (not the app). */
async function firstParty(page: Page, stack: Stack): Promise<Probe> {
  await page.goto(`${stack.frame.origin}/frame-config.json`)
  return probe(page)
}

// The frame's CSP must allow what it loads under its host name ('self' is now frame.test).
const violations = new WeakMap<Page, string[]>()
test.beforeEach(({ page }) => {
  const seen: string[] = []
  violations.set(page, seen)
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text())
  })
})
test.afterEach(({ page }) => {
  expect(violations.get(page)).toEqual([])
})

test('the frame is a secure context in the storage regime it claims', async ({ page, stack, regime }) => {
  const inDapp = await probeFrame(page, stack, stack.demoUrl(), 'written in dapp.test')
  expect(inDapp.secure).toBe(true)
  expect(new URL(stack.demo.origin).hostname).toBe('dapp.test')
  expect(new URL(stack.foreign.origin).hostname).toBe('other.test')
  if (regime === 'blocked') {
    expect(new URL(stack.frame.origin).hostname).toBe('frame.test')
    expect(inDapp.error).toContain('Access is denied for this document')
    expect(inDapp.indexedDb).toMatch(/^error: /)
    // The host page is first-party: its storage (where the SDK keeps the frame's blob) works.
    expect(await probe(page, 'host page')).toMatchObject({ stored: 'host page', indexedDb: 'opened' })
  } else if (regime === 'partitioned') {
    expect(new URL(stack.frame.origin).hostname).toBe('frame.test')
    expect(inDapp).toEqual({ secure: true, stored: 'written in dapp.test', indexedDb: 'opened' })
    // The same frame origin under another top-level site: another store.
    expect(await probeFrame(page, stack, stack.foreignUrl())).toEqual({
      secure: true,
      stored: null,
      indexedDb: 'opened',
    })
    await probeFrame(page, stack, stack.foreignUrl(), 'written in other.test')
    // Neither is the frame origin's first-party store.
    expect((await firstParty(page, stack)).stored).toBeNull()
    // And dapp.test's partition kept its own value.
    expect((await probeFrame(page, stack, stack.demoUrl())).stored).toBe('written in dapp.test')
  } else {
    expect(new URL(stack.frame.origin).hostname).toBe('frame.dapp.test')
    expect(inDapp).toEqual({ secure: true, stored: 'written in dapp.test', indexedDb: 'opened' })
    // Unpartitioned: a top-level page on the frame origin reads what the iframe wrote in dapp.test.
    expect(await firstParty(page, stack)).toMatchObject({ secure: true, stored: 'written in dapp.test' })
    // other.test is another site: there the frame is third-party (blocked: Playwright's default).
    expect((await probeFrame(page, stack, stack.foreignUrl())).error).toContain('Access is denied')
  }
})

test('the SDK mounts the iframe with its permissions policy', async ({ page, stack }) => {
  // Frame.ts sets it through the reflecting `allow` property, which jsdom (the unit tests) lacks.
  await page.goto(stack.demoUrl())
  await expect(page.locator('iframe[title="Walletframe"]')).toHaveAttribute(
    'allow',
    'clipboard-write; publickey-credentials-get *; publickey-credentials-create *',
  )
})
