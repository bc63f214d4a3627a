// What the host page learns during an embedded-wallet run, to prove it never gets key material: every
// message the page receives from the frame (the handshake on window, then the MessagePort), and the
// wallet's shares as they cross the network between the frame and the API (the auth share and, where a
// device recovers, the recovery share's ciphertext, from /v1/auth/wallet/create and
// /v1/auth/wallet/shares), and a social login's binding and completion secrets (from the popup's
// /v1/auth/social/complete), so a spec can search the first for the others.
import type { BrowserContext, Page } from '@playwright/test'
import { password } from './emailLogin.js'
import { expect } from './fixtures.js'

type Recorder = {
  /** The auth shares and recovery ciphertexts seen on the wire so far (base64url). */
  shares: string[]
  /** Social login secrets seen on the wire so far: each popup's binding and completion (base64url). */
  loginSecrets: string[]
  /** Response bodies still being read. */
  pending: Promise<void>[]
}

/**
 * Records, from the next page load on: the host page's received messages (read with `messagesOf`) and
 * the share values the frame sends to and gets from the API.
 */
export async function recordHostMessages(context: BrowserContext, demoOrigin: string): Promise<Recorder> {
  await context.addInitScript((origin) => {
    if (location.origin !== origin) return
    const seen: string[] = []
    ;(window as unknown as { __frameMessages: string[] }).__frameMessages = seen
    window.addEventListener('message', (event) => seen.push(JSON.stringify(event.data)))
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get() {
        return onmessage.get!.call(this)
      },
      set(listener: ((event: MessageEvent) => void) | null) {
        onmessage.set!.call(
          this,
          listener &&
            ((event: MessageEvent) => {
              seen.push(JSON.stringify(event.data))
              listener.call(this, event)
            }),
        )
      },
    })
  }, demoOrigin)
  const recorder: Recorder = { shares: [], loginSecrets: [], pending: [] }
  const take = (body: unknown) => {
    const { authShare, recoveryShare } = (body ?? {}) as {
      authShare?: string
      recoveryShare?: { ciphertext?: string }
    }
    for (const value of [authShare, recoveryShare?.ciphertext]) if (value) recorder.shares.push(value)
  }
  context.on('request', (request) => {
    if (request.method() !== 'POST') return
    if (request.url().includes('/v1/auth/wallet/create')) take(request.postDataJSON())
    if (request.url().includes('/v1/auth/social/complete')) {
      const { binding, completion } = request.postDataJSON() as { binding: string; completion: string }
      recorder.loginSecrets.push(binding, completion)
    }
  })
  context.on('response', (response) => {
    if (!response.url().includes('/v1/auth/wallet/shares') || response.status() !== 200) return
    recorder.pending.push(response.json().then(take, () => {}))
  })
  return recorder
}

/**
 * The host got addresses and signatures, never key material: none of the shares nor login secrets seen on the wire,
 * no recovery password, no 32-byte hex value (a private key's form; no transaction is sent in these
 * runs, so no hash has it either), no mnemonic.
 */
export async function expectNoKeyMaterial(page: Page, recorder: Recorder, address: string) {
  const received = (
    await page.evaluate(() => (window as unknown as { __frameMessages: string[] }).__frameMessages)
  ).join('\n')
  await Promise.all(recorder.pending)
  expect(received).toContain(address)
  // A login moved at least one share over the wire (created, or fetched to open the wallet).
  expect(recorder.shares.length).toBeGreaterThan(0)
  for (const share of recorder.shares) expect(received).not.toContain(share)
  for (const secret of recorder.loginSecrets) expect(received).not.toContain(secret)
  expect(received).not.toContain(password)
  expect(received).not.toMatch(/0x[0-9a-fA-F]{64}(?![0-9a-fA-F])/)
  expect(received).not.toMatch(/\b(?:[a-z]{3,8} ){11}[a-z]{3,8}\b/)
}
