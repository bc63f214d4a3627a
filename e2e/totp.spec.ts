// The embedded wallet's second factor, end to end: an email login; Account's "Two-factor
// authentication" shows the authenticator app's setup (a QR code of the otpauth:// URI and the secret as
// text), a first code computed here from that secret turns it on and the recovery codes show once.
// After sign-out, logging in again asks for the app's code before the wallet opens: a wrong one is
// refused in the API's words, the right one opens the same address. A recovery code opens it once;
// the same recovery code is refused the next time.

import type { Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { rpcUrlsOf } from './lib/chains.js'
import {
  codeOf,
  enterCode,
  enterPassword,
  loginByEmail,
  nextMail,
  password,
  submitPastCooldown,
} from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { providerRequest } from './lib/provider.js'
import { appCode, enableTotp, wrongCode } from './lib/totp.js'

const test = apiTest
// Three logins to one address follow one another: the cooldown between their codes is not this spec's
// subject (emailUpdate.spec.ts and the API's tests hold it), so it is short rather than sat out.
test.use({ emailCooldownSeconds: 2 })

/** A new user logged in by email (an address made of `prefix`), the wallet open. */
async function newUser(
  page: Page,
  stack: { demoUrl(): string },
  chains: { services: { mail?: string } },
  prefix: string,
) {
  const mailUrl = chains.services.mail as string
  const email = `${prefix}-${Date.now()}@example.test`
  return { mailUrl, email, ...(await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)) }
}

test('TOTP: set up in Account, asked at the next login (a wrong code refused), and a recovery code works once', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { mailUrl, email, modal, firstMail } = await newUser(page, stack, chains, 'totp')
  const address = (await page.getByTestId('state-address').textContent()) as string

  const { secret, recoveryCodes } = await enableTotp(page, modal)
  await modal.getByTestId('wf-close').click()

  let after = firstMail.id
  /** Signs out, then logs in again by email up to the second factor's question. */
  const loginUntilAsked = async () => {
    await page.getByTestId('disconnect').click()
    await expect(page.getByTestId('state-status')).toHaveText('disconnected')
    await page.getByTestId('open').click()
    await modal.getByTestId('wf-email-input').fill(email)
    await submitPastCooldown(page, {
      submit: modal.getByTestId('wf-email-submit'),
      error: modal.getByTestId('wf-login-error'),
      next: modal.getByTestId('wf-email-code'),
    })
    const mail = await nextMail(mailUrl, email, after)
    after = mail.id
    await enterCode(modal, codeOf(mail))
    await expect(modal.getByTestId('wf-totp-prompt')).toBeVisible({ timeout: 30_000 })
    // Nothing opened yet (the login waits on the code): the API holds the auth share back.
    await expect(page.getByTestId('state-status')).not.toHaveText('connected')
  }
  const answer = async (code: string) => {
    await modal.getByTestId('wf-totp-prompt-input').fill(code)
    await modal.getByTestId('wf-totp-prompt-submit').click()
  }
  const opened = async () => {
    await expect(modal.getByTestId('wf-recovery-password')).toBeVisible({ timeout: 30_000 })
    await enterPassword(modal)
    await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByTestId('state-address')).toHaveText(address)
  }

  // The app's code: a wrong one refused, the right one (the next step's: the enrolment spent this
  // step's, and each code works once) opens the same wallet.
  await loginUntilAsked()
  const right = appCode(secret, 1)
  await answer(wrongCode(secret))
  await expect(modal.getByTestId('wf-totp-prompt-error')).toContainText('The code is not correct')
  await expect(page.getByTestId('state-status')).not.toHaveText('connected')
  await answer(right)
  await opened()

  // A recovery code opens it once; the same one is refused at the next login.
  await loginUntilAsked()
  await answer(recoveryCodes[0] as string)
  await opened()
  await loginUntilAsked()
  await answer(recoveryCodes[0] as string)
  await expect(modal.getByTestId('wf-totp-prompt-error')).toContainText('The code is not correct')
  await expect(page.getByTestId('state-status')).not.toHaveText('connected')
  await answer(recoveryCodes[1] as string)
  await opened()
})

test('TOTP: the recovery phrase and the recovery kit each need a fresh code; the Worker serves neither without it', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { modal } = await newUser(page, stack, chains, 'totp-export')
  const { secret, recoveryCodes } = await enableTotp(page, modal)
  const prompt = modal.getByTestId('wf-totp-prompt')

  // "Show recovery phrase": the window opens in the click, and Account asks for a fresh code; the
  // window gets no line to the Worker until the API signed a pass for it.
  const opening = page.waitForEvent('popup')
  await modal.getByTestId('wf-account-recovery-phrase').click()
  const exportWindow = await opening
  await expect(prompt).toContainText('to show your recovery phrase', { timeout: 15_000 })
  const submit = exportWindow.getByTestId('wf-export-submit')
  await expect(exportWindow.getByTestId('wf-export-preparing')).toHaveText('Preparing…')
  await expect(submit).toHaveCount(0)
  await modal.getByTestId('wf-totp-prompt-input').fill(wrongCode(secret))
  await modal.getByTestId('wf-totp-prompt-submit').click()
  await expect(modal.getByTestId('wf-totp-prompt-error')).toContainText('The code is not correct')
  await expect(exportWindow.getByTestId('wf-export-preparing')).toBeVisible()
  await expect(submit).toHaveCount(0)
  // The enrolment spent this step's code; the next step's is fresh.
  await modal.getByTestId('wf-totp-prompt-input').fill(appCode(secret, 1))
  await modal.getByTestId('wf-totp-prompt-submit').click()
  await expect(prompt).toHaveCount(0)
  await expect(submit).toBeEnabled({ timeout: 15_000 })
  await exportWindow.getByTestId('wf-export-password').fill(password)
  await exportWindow.getByTestId('wf-export-submit').click()
  const words = exportWindow.getByTestId('wf-export-phrase').getByRole('listitem')
  await expect(words).toHaveCount(12, { timeout: 30_000 })
  const phrase = (await words.allTextContents()).join(' ')
  expect(await page.content()).not.toContain(phrase)
  await exportWindow.close()

  // The kit: the password, then a fresh code (a recovery code here: each opens one action).
  await modal.getByTestId('wf-account-recovery-kit').click()
  await modal.getByTestId('wf-recovery-kit-password').fill(password)
  await modal.getByTestId('wf-recovery-kit-submit').click()
  await expect(prompt).toContainText('to make your recovery kit', { timeout: 15_000 })
  await modal.getByTestId('wf-totp-prompt-input').fill(recoveryCodes[0] as string)
  await modal.getByTestId('wf-totp-prompt-submit').click()
  await expect(modal.getByTestId('wf-recovery-kit-save')).toBeVisible({ timeout: 30_000 })

  // Declining the code: no kit, and the form says so.
  await modal.getByText('Done').click()
  await modal.getByTestId('wf-account-recovery-kit').click()
  await modal.getByTestId('wf-recovery-kit-password').fill(password)
  await modal.getByTestId('wf-recovery-kit-submit').click()
  await expect(prompt).toBeVisible({ timeout: 15_000 })
  await prompt.getByText('Cancel').click()
  await expect(modal.getByTestId('wf-recovery-kit-error')).toBeVisible()
  await expect(modal.getByTestId('wf-recovery-kit-save')).toHaveCount(0)
})

test('TOTP: a send worth more than the amount the user set needs a fresh code (coin or token), one under it none; nothing moves before the code', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { modal } = await newUser(page, stack, chains, 'totp-send')
  const address = (await page.getByTestId('state-address').textContent()) as Hex
  const { secret, recoveryCodes } = await enableTotp(page, modal)
  // The amount takes a code of its own (this step's went to the enrolment).
  await modal.getByTestId('wf-totp-threshold-amount').fill('0.5')
  await modal.getByTestId('wf-totp-threshold-code-input').fill(appCode(secret, 1))
  await modal.getByTestId('wf-totp-threshold-code-submit').click()
  await expect(modal.getByTestId('wf-totp-threshold-current')).toContainText('worth more than 0.5')
  await modal.getByTestId('wf-close').click()

  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[chainId] as string) })
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, '0xde0b6b3a7640000'] as never,
  })
  const to = privateKeyToAccount(generatePrivateKey()).address
  const send = (eth: string) =>
    providerRequest(page, 'eth_sendTransaction', [
      { from: address, to, value: `0x${parseEther(eth).toString(16)}` },
    ])
  const approve = async () => {
    await expect(modal.getByTestId('wf-approve-transaction')).toHaveAttribute(
      'data-method',
      'eth_sendTransaction',
    )
    await modal.getByTestId('wf-approve-confirm').click()
  }

  // Under the amount: approved, mined, no code asked.
  const small = send('0.1')
  await approve()
  expect((await small).error).toBeUndefined()
  await expect(modal.getByTestId('wf-totp-prompt')).toHaveCount(0)
  expect(await client.getBalance({ address: to })).toBe(parseEther('0.1'))

  // Over it: after Approve, the code is asked (Account opens for it) and nothing is sent until then.
  const large = send('0.6')
  await approve()
  const prompt = modal.getByTestId('wf-totp-prompt')
  await expect(prompt).toContainText('to approve this send', { timeout: 15_000 })
  expect(await client.getTransactionCount({ address })).toBe(1)
  await modal.getByTestId('wf-totp-prompt-input').fill(wrongCode(secret))
  await modal.getByTestId('wf-totp-prompt-submit').click()
  await expect(modal.getByTestId('wf-totp-prompt-error')).toContainText('The code is not correct')
  expect(await client.getTransactionCount({ address })).toBe(1)
  await modal.getByTestId('wf-totp-prompt-input').fill(recoveryCodes[0] as string)
  await modal.getByTestId('wf-totp-prompt-submit').click()
  expect((await large).error).toBeUndefined()
  expect(await client.getBalance({ address: to })).toBe(parseEther('0.7'))

  // Declining the code: the caller gets 4001, and nothing moves.
  const declined = send('0.6')
  await approve()
  await expect(prompt).toBeVisible({ timeout: 15_000 })
  await prompt.getByText('Cancel').click()
  expect((await declined).error).toMatchObject({ code: 4001 })
  expect(await client.getBalance({ address: to })).toBe(parseEther('0.7'))

  // A token moves no coin and is weighed at its price all the same: $100 of USDC goes without a code,
  // $2,000 (more than 0.5 ETH at the devnet's $3,000) asks for one.
  const usdc = chains.networks
    .find((network) => network.caipNetworkId === `eip155:${chainId}`)
    ?.tokens.find((token) => token.symbol === 'USDC')?.address as Hex
  const funding = await createWalletClient({
    account: privateKeyToAccount(evmAccount(8).privateKey as Hex),
    transport: http(rpcUrlsOf(chains)[chainId] as string),
  }).writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, parseUnits('3000', 6)],
    chain: null,
  })
  await client.waitForTransactionReceipt({ hash: funding })
  const sendUsdc = (dollars: string) =>
    providerRequest(page, 'eth_sendTransaction', [
      {
        from: address,
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(dollars, 6)],
        }),
      },
    ])
  const tokensOf = (owner: Hex) =>
    client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const cheap = sendUsdc('100')
  await approve()
  expect((await cheap).error).toBeUndefined()
  await expect(prompt).toHaveCount(0)
  expect(await tokensOf(to)).toBe(parseUnits('100', 6))
  const dear = sendUsdc('2000')
  await approve()
  await expect(prompt).toContainText('to approve this send', { timeout: 15_000 })
  await prompt.getByText('Cancel').click()
  expect((await dear).error).toMatchObject({ code: 4001 })
  expect(await tokensOf(to)).toBe(parseUnits('100', 6))
})
