// Social login with the OAuth 2 providers of the devstack's stand-in (github, discord, x, facebook, each
// answering its own user endpoint's shape): the popup from the provider's button, the stand-in's user
// picker, the popup finishing the attempt with its binding secret from the frame's /auth/callback and
// closing, then the embedded wallet connected, its EVM signature recovering with viem and its Solana
// signature verifying with @noble/curves. And the
// chain of pages behind a Cross-Origin-Opener-Policy: the popup loses its opener, so the frame can only
// learn the result by asking the API about its attempt — which it does, until the attempt ends or the
// user cancels (a popup that reads as closed may be one COOP cut off); the popup's binding secret,
// kept in its tab's sessionStorage, survives the trip through those pages. All along, the host page
// receives no key material (every message it gets is searched for the shares, the popup's login
// secrets, password, keys, seed).
import { ed25519 } from '@noble/curves/ed25519'
import type { Page } from '@playwright/test'
import { PublicKey } from '@solana/web3.js'
import bs58 from 'bs58'
import { test as apiTest } from './lib/api.js'
import { answerInFrame, approveAndVerify, hostState, openDemo } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { expectNoKeyMaterial, recordHostMessages } from './lib/hostMessages.js'
import { providerRequest } from './lib/provider.js'
import { socialLogin, withOpenerPolicy } from './lib/socialLogin.js'

const test = apiTest
// The embedded wallet holds a Solana key too: the host's networks include the Solana devnet.
test.use({ withSolana: true })

type Row = {
  provider: 'github' | 'discord' | 'x' | 'facebook'
  /** The address the provider vouches for (linked to the user), as its user endpoint says. */
  email: string | undefined
}
const providers: Row[] = [
  // GitHub: /user, then /user/emails for the verified primary address.
  { provider: 'github', email: 'alice@example.test' },
  // Discord: /users/@me with `verified`.
  { provider: 'discord', email: 'alice@example.test' },
  // X: /2/users/me gives no address at all.
  { provider: 'x', email: undefined },
  // Facebook: /me gives an address but no word that it is verified, so none is linked.
  { provider: 'facebook', email: undefined },
]

type HostAccounts = { allAccounts: { namespace: string; address: string }[] }

/** Signs `text` with the embedded wallet's Solana key through the host's provider (approved in the frame). */
async function solanaSignature(page: Page, modal: ReturnType<Page['frameLocator']>, text: string) {
  const { allAccounts } = (await hostState(page)) as HostAccounts
  const solana = allAccounts.find((account) => account.namespace === 'solana')?.address
  expect(solana).toBeDefined()
  const answer = providerRequest(page, 'solana_signMessage', {
    message: bs58.encode(new TextEncoder().encode(text)),
    pubkey: solana,
  })
  await answerInFrame(modal, 'approve', { method: 'solana_signMessage', message: text })
  const { result, error } = await answer
  expect(error).toBeUndefined()
  return { address: solana as string, signature: bs58.decode((result as { signature: string }).signature) }
}

/** Waits for the frame to ask the API about its login attempt `times` more times. */
async function attemptPolls(page: Page, times: number) {
  for (let i = 0; i < times; i++)
    await page.waitForResponse((response) => response.url().includes('/v1/auth/attempts/'))
}

for (const { provider, email } of providers) {
  test(`${provider} login in a popup: connected with an embedded wallet whose EVM and Solana signatures verify`, async ({
    page,
    stack,
  }) => {
    test.setTimeout(90_000)
    const recorder = await recordHostMessages(page.context(), stack.demo.origin)
    const modal = await openDemo(page, stack.demoUrl())
    const { address } = await socialLogin(page, modal, provider)
    expect(await hostState(page)).toMatchObject({
      connector: 'auth',
      embeddedWalletInfo: { authProvider: provider, user: email ? { email } : {} },
    })
    if (!email) expect(await hostState(page)).not.toHaveProperty('embeddedWalletInfo.user.email')

    expect(await approveAndVerify(page, modal, address, `Signed after a ${provider} login`)).toEqual({
      verified: true,
    })
    const text = `A Solana message signed after a ${provider} login`
    const solana = await solanaSignature(page, modal, text)
    // web3.js reads the address as a public key; noble checks the ed25519 signature over the bytes.
    const publicKey = new PublicKey(solana.address).toBytes()
    expect(ed25519.verify(solana.signature, new TextEncoder().encode(text), publicKey)).toBe(true)
    expect(ed25519.verify(solana.signature, new TextEncoder().encode(`${text}!`), publicKey)).toBe(false)
    // Through the whole login and both signatures, the host page got addresses and signatures only.
    await expectNoKeyMaterial(page, recorder, address)
    // The popup finished its login with its binding and the completion (and the host saw neither).
    expect(recorder.loginSecrets).toHaveLength(2)

    await page.getByTestId('disconnect').click()
    await expect(page.getByTestId('state-status')).toHaveText('disconnected')
  })
}

test('a Cross-Origin-Opener-Policy on the provider pages and the API callback: the popup has no opener, the frame still connects', async ({
  page,
  stack,
  api,
  chains,
}) => {
  // Four attempt polls are awaited, and the API holds each one open up to 20 s while the attempt is
  // pending: about 80 s of the test is the frame's patient waiting.
  test.setTimeout(150_000)
  // Apple, whose page posts the code to the API (form_post): the callback is then a navigation of its
  // own, which the test can serve with the header too. (A redirect's target, such as the frame's
  // /auth/callback after the API's 303, is not one the test can rewrite; the opener is long gone by then.)
  const chain = [`${chains.services.oauth as string}/apple/`, `${api.url}/v1/auth/social/callback/apple`]
  const served = await withOpenerPolicy(page.context(), chain)
  const modal = await openDemo(page, stack.demoUrl())

  // Since a cut-off popup reads as closed, a closed one cannot end the wait: the user does, with Cancel.
  const abandoned = page.waitForEvent('popup')
  await modal.getByTestId('wf-social-github').click()
  await (await abandoned).close()
  // Still asking the API (a second poll is only sent if the first did not end the wait).
  await attemptPolls(page, 2)
  await expect(modal.getByTestId('wf-social-waiting')).toBeVisible()
  await modal.getByTestId('wf-social-cancel').click()
  await expect(modal.getByTestId('wf-social-apple')).toBeVisible()
  await expect(modal.getByTestId('wf-login-error')).toHaveCount(0)

  const { address } = await socialLogin(page, modal, 'apple', {
    async onPopup(popup) {
      await popup.locator('button[value="alice"]').waitFor()
      // The provider's page answered with COOP: the popup is cut off from the frame that opened it,
      // and the frame's handle to it reads as closed.
      expect(await popup.evaluate(() => window.opener === null)).toBe(true)
      // A person reads the provider's page for a while: the frame asks the API about its attempt
      // (twice, still pending) and keeps waiting rather than taking the cut for a closed popup.
      await attemptPolls(page, 2)
      await expect(modal.getByTestId('wf-social-waiting')).toBeVisible()
    },
  })
  // Both the provider's pages and the API's callback were served with the header.
  for (const prefix of chain) expect(served.some((url) => url.startsWith(prefix))).toBe(true)
  expect(await approveAndVerify(page, modal, address, 'Signed after a login behind COOP')).toEqual({
    verified: true,
  })
})
