// See before you sign, with the embedded wallet: ApproveTransaction shows the API's review of each
// request. A plain ETH send shows the exact balance change, and once approved the chain moved that
// much; an unlimited ERC-20 approve to a fresh account (no code) warns, and Approve waits for the
// "I understand the risk" tick; a send to an address on the project's deny list is blocked — no
// Approve, the reason shown, and the host's request fails with 4001 "Action not allowed", unsent —
// and stays blocked when the review is held back past its deadline, while a plain send may go on.
// With a browser wallet the review comes first (ReviewRequest): Continue hands the request to the
// wallet, and a blocked one never reaches it.

import type { Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  maxUint160,
  maxUint256,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { connectBrowserWallet, fundedBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { answerInFrame, loginByEmail, rulesOf } from './lib/emailLogin.js'
import { erc20Reads } from './lib/erc20.js'
import { expect } from './lib/fixtures.js'
import { providerRequest } from './lib/provider.js'
import { denied, permit2TypedData, reviewPolicy, tickRisk } from './lib/review.js'

const test = apiTest
test.use({ review: reviewPolicy })

const freshAccount = () => privateKeyToAccount(generatePrivateKey()).address

test('the embedded wallet shows the review before signing: exact changes, a warning to confirm, a blocked send', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(120_000)
  const mailUrl = chains.services.mail as string
  const { modal } = await loginByEmail(
    page,
    { demoUrl: stack.demoUrl(), mailUrl },
    `review-${Date.now()}@example.test`,
  )
  const address = (await page.getByTestId('state-address').textContent()) as Address
  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const network = chains.networks.find((candidate) => candidate.id === chainId)!
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[chainId] as string) })
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, '0xde0b6b3a7640000'] as never,
  })
  const view = modal.getByTestId('wf-approve-transaction')
  const review = modal.getByTestId('wf-review')
  const verdict = modal.getByTestId('wf-review-verdict')

  // A plain send: exactly the value leaves, nothing warns; approved, the chain moves that much.
  const to = freshAccount()
  const value = parseEther('0.0123')
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to, value: `0x${value.toString(16)}` },
  ])
  await expect(view).toHaveAttribute('data-method', 'eth_sendTransaction')
  await expect(review).toHaveAttribute('data-status', 'reviewed')
  const changes = modal.getByTestId('wf-review-change')
  await expect(changes).toHaveText([`-${formatEther(value)} ${network.nativeCurrency.symbol}`])
  await expect(changes).toHaveAttribute('data-kind', 'out')
  // Its worth at the API's price of the native coin, and the network fee in the coin and in USD.
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  await expect(modal.getByTestId('wf-review-usd')).toContainText(
    `(${usd.format(Number(formatEther(value)) * (network.nativePriceUsd as number))})`,
  )
  await expect(modal.getByTestId('wf-review-fee')).toHaveText(
    new RegExp(`^0\\.\\d+ ${network.nativeCurrency.symbol}$`),
  )
  await expect(modal.getByTestId('wf-review-fee-usd')).toHaveText(/\((<)?\$\d+\.\d\d\)$/)
  await expect(verdict).toHaveAttribute('data-level', 'none')
  const before = await client.getBalance({ address })
  await answerInFrame(modal, 'approve', { method: 'eth_sendTransaction' })
  const sent = await sending
  expect(sent.error).toBeUndefined()
  const receipt = await client.waitForTransactionReceipt({ hash: sent.result as Hex })
  expect(receipt.status).toBe('success')
  expect(await client.getBalance({ address: to })).toBe(value)
  // The sender's balance moved by the value shown, and the network fee besides.
  const fee = receipt.gasUsed * receipt.effectiveGasPrice
  expect(before - (await client.getBalance({ address }))).toBe(value + fee)

  // An unlimited allowance to an account with no code: two warnings, Approve only after the tick.
  const usdc = network.contracts.usdc as Address
  const spender = freshAccount()
  const approving = providerRequest(page, 'eth_sendTransaction', [
    {
      from: address,
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
    },
  ])
  await expect(verdict).toHaveAttribute('data-level', 'warning')
  await expect(modal.getByTestId('wf-review-change')).toHaveAttribute('data-allowance', 'Unlimited')
  await expect(modal.getByTestId('wf-review-change')).toContainText(spender)
  await expect
    .poll(() => modal.getByTestId('wf-review-finding').evaluateAll(rulesOf))
    .toEqual(['approval-to-account', 'unlimited-approval'])
  const approve = modal.getByTestId('wf-approve-confirm')
  // Past the guard's first look, it is the review that holds Approve back.
  await expect(modal.getByTestId('wf-guarded')).toHaveAttribute('data-visibility', 'visible')
  await expect(approve).toBeDisabled()
  await answerInFrame(modal, 'approve', {
    method: 'eth_sendTransaction',
    risks: ['approval-to-account', 'unlimited-approval'],
  })
  const approved = await approving
  expect(approved.error).toBeUndefined()
  expect((await client.waitForTransactionReceipt({ hash: approved.result as Hex })).status).toBe('success')
  expect(await erc20Reads(client, usdc).allowance(address, spender)).toBe(maxUint256)

  // A send to a deny-listed address: blocked, said why, dismissed; the host hears "Action not allowed".
  const nonce = await client.getTransactionCount({ address })
  const blocked = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: denied, value: `0x${parseEther('0.001').toString(16)}` },
  ])
  await expect(verdict).toHaveAttribute('data-level', 'blocked')
  await expect(modal.getByTestId('wf-review-finding')).toHaveAttribute('data-rule', 'deny-listed')
  await expect(modal.getByTestId('wf-review-finding')).toContainText(denied)
  await expect(approve).toHaveCount(0)
  await modal.getByTestId('wf-review-dismiss').click()
  expect(await blocked).toEqual({ error: { code: 4001, message: 'Action not allowed' } })
  await expect(view).toBeHidden()
  expect(await client.getTransactionCount({ address })).toBe(nonce)
  expect(await client.getBalance({ address: denied })).toBe(0n)

  // An attacker who holds the review back (here the network: the API's review never answers): past the
  // review's own deadline a plain send may go on, said unavailable, but the deny-listed send stays
  // blocked by the frame's own check of the project's list.
  // The frame's API calls carry the SDK's name and version in the query.
  const reviewCall = /\/v1\/review(\?|$)/
  await page.context().route(reviewCall, () => {
    // Never answered.
  })
  const held = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: denied, value: `0x${parseEther('0.001').toString(16)}` },
  ])
  await expect(review).toHaveAttribute('data-status', 'checking')
  await expect(review).toHaveAttribute('data-status', 'unavailable')
  await expect(verdict).toHaveAttribute('data-level', 'blocked')
  await expect(modal.getByTestId('wf-review-finding')).toHaveAttribute('data-rule', 'deny-listed')
  await expect(approve).toHaveCount(0)
  await modal.getByTestId('wf-review-dismiss').click()
  expect(await held).toEqual({ error: { code: 4001, message: 'Action not allowed' } })
  const late = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to, value: `0x${value.toString(16)}` },
  ])
  await expect(review).toHaveAttribute('data-status', 'unavailable')
  await expect(modal.getByTestId('wf-review-unavailable')).toBeVisible()
  await answerInFrame(modal, 'approve', { method: 'eth_sendTransaction' })
  const lateSent = await late
  expect(lateSent.error).toBeUndefined()
  expect((await client.waitForTransactionReceipt({ hash: lateSent.result as Hex })).status).toBe('success')
  expect(await client.getTransactionCount({ address })).toBe(nonce + 1)
  await page.context().unroute(reviewCall)
})

/** The calls the injected test wallet received, by method. */
const walletCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __testWallet: { calls: string[] } }).__testWallet.calls)

test('a browser wallet gets a request only after its review: Continue hands it over, a blocked one never reaches it', async ({
  page,
  stack,
  chains,
}) => {
  const { account, client } = await fundedBrowserWallet(page, chains, parseEther('1'))
  await page.goto(stack.demoUrl())
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await connectBrowserWallet(page, modal)
  const view = modal.getByTestId('wf-review-request')
  const verdict = modal.getByTestId('wf-review-verdict')
  const sent = async () => (await walletCalls(page)).filter((method) => method === 'eth_sendTransaction')

  // Shown with its exact change before the wallet sees it; Continue, and the wallet sends it.
  const to = freshAccount()
  const value = parseEther('0.0042')
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: account, to, value: `0x${value.toString(16)}` },
  ])
  await expect(view).toHaveAttribute('data-method', 'eth_sendTransaction')
  await expect(modal.getByTestId('wf-review-change')).toHaveText([`-${formatEther(value)} ETH`])
  await expect(verdict).toHaveAttribute('data-level', 'none')
  expect(await sent()).toEqual([])
  await modal.getByTestId('wf-review-continue').click()
  const answer = await sending
  expect(answer.error).toBeUndefined()
  expect((await client.waitForTransactionReceipt({ hash: answer.result as Hex })).status).toBe('success')
  expect(await client.getBalance({ address: to })).toBe(value)

  // To a deny-listed address: blocked, dismissed, and the wallet never asked.
  const blocked = providerRequest(page, 'eth_sendTransaction', [
    { from: account, to: denied, value: `0x${parseEther('0.001').toString(16)}` },
  ])
  await expect(verdict).toHaveAttribute('data-level', 'blocked')
  await expect(modal.getByTestId('wf-review-finding')).toHaveAttribute('data-rule', 'deny-listed')
  await expect(modal.getByTestId('wf-review-continue')).toHaveCount(0)
  await modal.getByTestId('wf-review-dismiss').click()
  expect(await blocked).toEqual({ error: { code: 4001, message: 'Action not allowed' } })
  await expect(view).toBeHidden()
  expect(await sent()).toHaveLength(1)
  expect(await client.getBalance({ address: denied })).toBe(0n)

  // The scams warn with their rules before the wallet hears of them; Continue waits for the tick, then
  // hands them over: the unlimited allowance lands on chain, and the Permit2 signature is the account's.
  const network = chains.networks.find((candidate) => candidate.id === 1)!
  const usdc = network.contracts.usdc as Address
  const drainer = network.contracts.drainer as Address
  const findings = modal.getByTestId('wf-review-finding')
  const continueButton = modal.getByTestId('wf-review-continue')
  const warnsThenContinues = async (rules: string[]) => {
    await expect(verdict).toHaveAttribute('data-level', 'warning')
    await expect.poll(() => findings.evaluateAll(rulesOf)).toEqual(rules)
    await expect(continueButton).toBeDisabled()
    await tickRisk(modal)
    await continueButton.click()
  }
  const approving = providerRequest(page, 'eth_sendTransaction', [
    {
      from: account,
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [drainer, maxUint256] }),
    },
  ])
  await expect(modal.getByTestId('wf-review-change')).toHaveAttribute('data-allowance', 'Unlimited')
  expect(await sent()).toHaveLength(1)
  await warnsThenContinues(['approval-to-new-contract', 'unlimited-approval'])
  const approved = await approving
  expect((await client.waitForTransactionReceipt({ hash: approved.result as Hex })).status).toBe('success')
  expect(await erc20Reads(client, usdc).allowance(account, drainer)).toBe(maxUint256)

  const expiration = Math.floor(Date.now() / 1000) + 3600
  const signing = providerRequest(page, 'eth_signTypedData_v4', [
    account,
    permit2TypedData(1, {
      details: { token: usdc, amount: maxUint160, expiration, nonce: 0 },
      spender: drainer,
      sigDeadline: BigInt(expiration),
    }),
  ])
  await expect(findings).toContainText(new RegExp(`lets ${drainer} move`, 'i'))
  expect((await walletCalls(page)).filter((method) => method === 'eth_signTypedData_v4')).toEqual([])
  await warnsThenContinues(['permit-signature'])
  expect((await signing).result).toMatch(/^0x[0-9a-f]{130}$/)
})
