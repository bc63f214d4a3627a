// The embedded login's code and its key Worker start loading when the pointer comes over the login
// (or a control in it takes focus), not on the first click: "Continue with email" then does not wait
// for them. Before that, Connect has fetched neither.
import { test as apiTest } from './lib/api.js'
import { openDemo } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'

const test = apiTest
const isVault = (url: string) => /vault\.worker/.test(url)

for (const [how, near] of [
  ['the pointer comes over it', (input: import('@playwright/test').Locator) => input.hover()],
  ['a control in it takes focus', (input: import('@playwright/test').Locator) => input.focus()],
] as const)
  test(`the login's key Worker loads when ${how}, before any click`, async ({ page, stack }) => {
    const requested: string[] = []
    page.context().on('request', (request) => requested.push(request.url()))
    const modal = await openDemo(page, stack.demoUrl())
    const input = modal.getByTestId('wf-email-input')
    await expect(input).toBeVisible()
    expect(requested.filter(isVault)).toEqual([])
    const vault = page.context().waitForEvent('request', (request) => isVault(request.url()))
    await near(input)
    await vault
    // Nothing was clicked or typed: the login is still on its first screen.
    await expect(input).toHaveValue('')
    await expect(modal.getByTestId('wf-email-submit')).toBeVisible()
  })
