// Social login with the embedded wallet (google, OpenID Connect through the devstack's stand-in): the
// popup opens on the frame origin (/auth/social) from the click itself and is handed the attempt and its
// binding secret by postMessage; a popup the browser blocked is retried from a "Continue" button; the
// stand-in's user picker answers; the API's callback sends the popup to the frame's /auth/callback,
// which finishes the attempt with that secret and closes; the frame learns the result by polling its
// attempt, connects, and the host's provider signs for the embedded address once the user approves.
// Sign-out ends the session. Login CSRF fails: a victim who signs in through the attacker's provider
// link (another browser) finishes nothing, so the attacker's attempt never becomes ready.
// Runs in every storage regime (playwright.config.ts); the OAuth 2 providers
// and a chain behind Cross-Origin-Opener-Policy are in socialLoginProviders.spec.ts.
import type { Browser } from '@playwright/test'
import { connectSigningInput } from '@walletframe/protocol'
import { test as apiTest } from './lib/api.js'
import { approveAndVerify, hostState, openDemo } from './lib/emailLogin.js'
import { expect, projectId } from './lib/fixtures.js'
import { socialLogin } from './lib/socialLogin.js'

const test = apiTest

test('google login in a popup (blocked once, then continued): connected, signs, signs out', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  // The browser blocks the frame's first popup, as a popup blocker would.
  await page.context().addInitScript((frameOrigin) => {
    if (location.origin !== frameOrigin) return
    const open = window.open.bind(window)
    let blocked = false
    window.open = (...args: Parameters<typeof window.open>) => {
      if (blocked) return open(...args)
      blocked = true
      return null
    }
  }, stack.frame.origin)
  await page.goto(stack.demoUrl())
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await page.getByTestId('open').click()
  const modal = page.frameLocator('iframe[title="Walletframe"]')

  await modal.getByTestId('wf-social-google').click()
  await expect(modal.getByTestId('wf-popup-blocked')).toBeVisible()
  const popupOpened = page.waitForEvent('popup')
  await modal.getByTestId('wf-popup-blocked').getByRole('button', { name: 'Continue' }).click()
  const popup = await popupOpened
  await expect(modal.getByTestId('wf-social-waiting')).toBeVisible()
  // The stand-in's user picker: Alice, whose address google verifies.
  // Waited for from before the click: the popup may be gone before the click's call returns.
  const closed = popup.waitForEvent('close', { timeout: 15_000 })
  await popup.locator('button[value="alice"]').click()
  await closed

  await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 15_000 })
  await modal.getByTestId('wf-recovery-password-input').fill('correct horse battery staple')
  await modal.getByTestId('wf-recovery-password-submit').click()
  await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
  const address = (await page.getByTestId('state-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(await approveAndVerify(page, modal, address, 'Signed after a google login')).toEqual({
    verified: true,
  })
  expect(await hostState(page)).toMatchObject({
    connector: 'auth',
    embeddedWalletInfo: { authProvider: 'google', accountType: 'eoa', user: { email: 'alice@example.test' } },
  })

  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
})

test('apple (form_post) reaches the same wallet as google for the same verified address, opened with the password', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  await page.goto(stack.demoUrl())
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  const modal = page.frameLocator('iframe[title="Walletframe"]')

  /** A social login as alice through the stand-in, then sign-out; answers the address and what the password was for. */
  async function loginWith(provider: string) {
    await page.getByTestId('open').click()
    const answer = await socialLogin(page, modal, provider)
    await page.getByTestId('disconnect').click()
    await expect(page.getByTestId('state-status')).toHaveText('disconnected')
    return answer
  }

  // Google makes alice's wallet, or opens the one an earlier test of this worker made.
  const google = await loginWith('google')
  // Apple answers the API with a form post (response_mode=form_post) and vouches for the same address:
  // the same user, whose wallet exists, so this new device opens it with the recovery password.
  const apple = await loginWith('apple')
  expect(apple).toEqual({ address: google.address, asked: 'Open wallet' })
})

/** Unpadded base64url of bytes. */
const base64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString('base64url')

/** An API call as a script makes it (the attacker's own client), answering the status and the JSON body. */
async function callApi(apiUrl: string, path: string, body?: unknown) {
  const url = new URL(path, apiUrl)
  url.searchParams.set('projectId', projectId)
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The victim's side: opens `authorizationUrl` (a link the attacker sent) and signs in as alice at the stand-in. */
async function victimSignsIn(browser: Browser, authorizationUrl: string) {
  const victim = await browser.newContext()
  const page = await victim.newPage()
  const completes: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/v1/auth/social/complete')) completes.push(request.url())
  })
  await page.goto(authorizationUrl)
  await page.locator('button[value="alice"]').click()
  // The API sends this window to the frame's /auth/callback with the completion secret, and the page,
  // which holds no binding from a frame, finishes nothing and says why.
  await expect(page.getByTestId('wf-auth-callback-unbound')).toContainText(
    'This sign-in was not started in this window',
  )
  return { victim, page, completes }
}

test("login CSRF: a victim who signs in through the attacker's link finishes nothing; the attacker's frame never connects", async ({
  page,
  stack,
  api,
  browser,
}) => {
  test.setTimeout(90_000)
  // The attacker starts a google login in their own frame and takes the provider link it made.
  const modal = await openDemo(page, stack.demoUrl())
  const started = page.waitForResponse((response) => response.url().includes('/v1/auth/social/start'))
  const attackerPopup = page.waitForEvent('popup')
  const connects: string[] = []
  page.context().on('request', (request) => {
    if (request.url().includes('/v1/auth/social/connect')) connects.push(request.url())
  })
  await modal.getByTestId('wf-social-google').click()
  const { attemptId, authorizationUrl } = (await (await started).json()) as {
    attemptId: string
    authorizationUrl: string
  }
  // The attacker's popup went on to the provider's page; the attacker does not sign in there.
  await (await attackerPopup).locator('button[value="alice"]').waitFor()

  const { victim, completes } = await victimSignsIn(browser, authorizationUrl)
  expect(completes).toEqual([])
  // The provider vouched for the victim, yet the attempt is still waiting for the window that holds
  // its binding: the attacker's frame, polling, has nothing to connect.
  await page.waitForResponse((response) => response.url().includes(`/v1/auth/attempts/${attemptId}`))
  expect((await callApi(api.url, `/v1/auth/attempts/${attemptId}`)).body).toMatchObject({ status: 'pending' })
  await expect(modal.getByTestId('wf-social-waiting')).toBeVisible()
  await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  expect(connects).toEqual([])
  await modal.getByTestId('wf-social-cancel').click()
  await victim.close()
})

test("login CSRF with the attacker's own client: the victim's sign-in never readies the attempt, CONNECT is refused", async ({
  api,
  browser,
}) => {
  test.setTimeout(60_000)
  // The attacker's device key and binding secret, held by a script rather than a frame.
  const key = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', key.publicKey)
  const binding = base64url(crypto.getRandomValues(new Uint8Array(32)))
  const bindingChallenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(binding)))
  const start = await callApi(api.url, '/v1/auth/social/start', {
    provider: 'google',
    deviceKey: { kty, crv, x, y },
    bindingChallenge,
  })
  expect(start.status).toBe(200)
  const { attemptId, authorizationUrl } = start.body as { attemptId: string; authorizationUrl: string }

  const { victim } = await victimSignsIn(browser, authorizationUrl)
  expect((await callApi(api.url, `/v1/auth/attempts/${attemptId}`)).body).toMatchObject({ status: 'pending' })

  // CONNECT with the starting key's valid proof: refused, the attempt never finished.
  const timestamp = Date.now()
  const signature = base64url(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      key.privateKey,
      new TextEncoder().encode(connectSigningInput(attemptId, timestamp)),
    ),
  )
  const connect = await callApi(api.url, '/v1/auth/social/connect', {
    attemptId,
    proof: { timestamp, signature },
  })
  expect(connect.status).toBe(409)
  expect(connect.body).toMatchObject({ code: 'AUTH_ATTEMPT_STATE' })
  expect(connect.body).not.toHaveProperty('tokens')
  // Knowing its own binding does not help the attacker: the completion secret stayed in the victim's browser.
  const complete = await callApi(api.url, '/v1/auth/social/complete', {
    attemptId,
    completion: base64url(crypto.getRandomValues(new Uint8Array(32))),
    binding,
  })
  expect(complete.status).toBe(403)
  expect(complete.body).toMatchObject({ code: 'LOGIN_NOT_BOUND' })
  expect((await callApi(api.url, `/v1/auth/attempts/${attemptId}`)).body).toMatchObject({ status: 'pending' })
  await victim.close()
})
