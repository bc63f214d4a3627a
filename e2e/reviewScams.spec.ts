// See before you sign, against the devnets' scams (packages/devstack: Drainer, Permit2): with the
// embedded wallet, an unlimited USDC approve to the drainer warns before Approve — and once given,
// the drainer takes every USDC the account held; a Permit2 PermitSingle naming the drainer as spender
// warns and names it — and the signature, once given, is good for Permit2 on chain.

import { artifacts, permit2Address, permit2Domain, permitSingleTypes, scammer } from '@walletframe/devstack'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint160,
  maxUint256,
  parseUnits,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { rpcUrlsOf } from './lib/chains.js'
import { answerInFrame, loginByEmail, rulesOf } from './lib/emailLogin.js'
import { erc20Reads } from './lib/erc20.js'
import { expect } from './lib/fixtures.js'
import { providerRequest } from './lib/provider.js'
import { type PermitSingle, permit2TypedData, reviewPolicy } from './lib/review.js'

const test = apiTest
test.use({ review: reviewPolicy })

test('the embedded wallet warns of an approval to a drainer and of a Permit2 signature naming it, before either is given', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(120_000)
  const { modal } = await loginByEmail(
    page,
    { demoUrl: stack.demoUrl(), mailUrl: chains.services.mail as string },
    `scams-${Date.now()}@example.test`,
  )
  const address = (await page.getByTestId('state-address').textContent()) as Address
  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const network = chains.networks.find((candidate) => candidate.id === chainId)!
  const transport = http(rpcUrlsOf(chains)[chainId] as string)
  const client = createPublicClient({ transport })
  // Another test account plays the scammer's side: it mints the victim's USDC and triggers the drain.
  const helper = createWalletClient({
    transport,
    account: privateKeyToAccount(chains.accounts.evm[9]!.privateKey as Hex),
  })
  const helperSends = async (to: Address, data: Hex) => {
    const hash = await helper.sendTransaction({ to, data, chain: null })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  }
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, '0xde0b6b3a7640000'] as never,
  })
  const usdc = network.contracts.usdc as Address
  const drainer = network.contracts.drainer as Address
  const usdcOf = erc20Reads(client, usdc)
  const held = parseUnits('1234', 6)
  await helperSends(
    usdc,
    encodeFunctionData({ abi: artifacts.mintableErc20().abi, functionName: 'mint', args: [address, held] }),
  )
  const verdict = modal.getByTestId('wf-review-verdict')
  const findings = modal.getByTestId('wf-review-finding')

  // An unlimited approve to the drainer: the allowance shown with its spender, two warnings.
  const approving = providerRequest(page, 'eth_sendTransaction', [
    {
      from: address,
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [drainer, maxUint256] }),
    },
  ])
  await expect(verdict).toHaveAttribute('data-level', 'warning')
  await expect(modal.getByTestId('wf-review-change')).toHaveAttribute('data-allowance', 'Unlimited')
  await expect(modal.getByTestId('wf-review-change')).toContainText(drainer)
  // Deployed with the devnet, a day's blocks ago at most: a "new" contract as well as an unlimited grant.
  const approvalRisks = ['approval-to-new-contract', 'unlimited-approval'] as const
  await expect.poll(() => findings.evaluateAll(rulesOf)).toEqual([...approvalRisks])
  await expect(modal.getByTestId('wf-approve-confirm')).toBeDisabled()
  await answerInFrame(modal, 'approve', { method: 'eth_sendTransaction', risks: approvalRisks })
  const approved = await approving
  expect(approved.error).toBeUndefined()
  expect((await client.waitForTransactionReceipt({ hash: approved.result as Hex })).status).toBe('success')
  // What the warning was about: anyone may now have the drainer take it all, to the scammer.
  const loot = await usdcOf.balanceOf(scammer)
  await helperSends(
    drainer,
    encodeFunctionData({ abi: artifacts.drainer().abi, functionName: 'drain', args: [usdc, address] }),
  )
  expect(await usdcOf.balanceOf(address)).toBe(0n)
  expect((await usdcOf.balanceOf(scammer)) - loot).toBe(held)

  // A Permit2 PermitSingle naming the drainer as spender: a warning that names it.
  const expiration = Math.floor(Date.now() / 1000) + 3600
  const permitSingle: PermitSingle = {
    details: { token: usdc, amount: maxUint160, expiration, nonce: 0 },
    spender: drainer,
    sigDeadline: BigInt(expiration),
  }
  const signing = providerRequest(page, 'eth_signTypedData_v4', [
    address,
    permit2TypedData(chainId, permitSingle),
  ])
  await expect(verdict).toHaveAttribute('data-level', 'warning')
  await expect.poll(() => findings.evaluateAll(rulesOf)).toEqual(['permit-signature'])
  await expect(findings).toContainText(new RegExp(`lets ${drainer} move`, 'i'))
  await answerInFrame(modal, 'approve', { method: 'eth_signTypedData_v4', risks: ['permit-signature'] })
  const signed = await signing
  expect(signed.error).toBeUndefined()
  const signature = signed.result as Hex
  expect(
    await verifyTypedData({
      address,
      domain: permit2Domain(chainId),
      types: permitSingleTypes,
      primaryType: 'PermitSingle',
      message: permitSingle,
      signature,
    }),
  ).toBe(true)
  // The real Permit2 takes it: submitted by anyone, the drainer holds the allowance it names.
  const permit2 = artifacts.permit2().abi
  await helperSends(
    permit2Address,
    encodeFunctionData({ abi: permit2, functionName: 'permit', args: [address, permitSingle, signature] }),
  )
  expect(
    await client.readContract({
      address: permit2Address,
      abi: permit2,
      functionName: 'allowance',
      args: [address, usdc, drainer],
    }),
  ).toEqual([maxUint160, expiration, 1])
})
