// Smart sessions (ERC-7715) on the embedded smart account, as a dapp on viem asks for them (viem's
// experimental grantPermissions, then viem's sendCalls with the grant's context, e2e/lib/viemHost.page.ts),
// on the devnet with its ERC-4337 bundler. One approval grants a native allowance; three calls
// inside it go with no prompt; the fourth, over the allowance, is signed by the session key and
// refused by the account's own validation (the bundler's simulation reverts with its error), its
// record on chain unmoved; Revoke in the Account view's "Manage smart sessions" ends the grant on
// chain, and the account refuses the next call.

import { setBalance } from '@walletframe/devstack'
import { smartSessionsAbi } from '@walletframe/protocol'
import { type Address, parseEther, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { answerInFrame } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { smartAccountOnViemHost } from './lib/viemHost.js'

const test = apiTest
test.use({ withBundler: true })

test('viem grantPermissions: one approval, 3 calls with no prompt, the 4th over the limit refused by the account on chain, Revoke in the Account view ends the grant on chain', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { modal, url, smart, client, sendCalls, waitForCallsStatus, grantNativeAllowance } =
    await smartAccountOnViemHost({ page, stack, chains }, 'sessions', { smartSessions: true })
  await setBalance(client, smart, parseEther('1'))
  const prompts = modal.getByTestId('wf-approve-transaction')

  // The grant: 0.003 ETH for an hour, approved once in the frame.
  const expiry = Number((await client.getBlock()).timestamp) + 3600
  const granting = grantNativeAllowance({ allowance: parseEther('0.003'), expiry })
  await expect(modal.getByTestId('wf-approve-action')).toHaveText(
    'Let this site send calls without asking, within these limits',
  )
  await answerInFrame(modal, 'approve', { method: 'wallet_grantPermissions' })
  const granted = await granting
  expect(granted.error).toBeUndefined()
  expect(granted).toMatchObject({ expiry, types: ['native-token-transfer'] })
  const context = granted.permissionsContext as `0x${string}`
  const session = () =>
    client.readContract({ address: smart, abi: smartSessionsAbi, functionName: 'sessions', args: [context] })
  expect((await session())[2]).toBe(expiry)

  // Three calls inside the grant: no prompt, each lands.
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const transfer = (value: bigint) => ({
    account: smart,
    forceAtomic: true,
    calls: [{ to: receiver as Address, value: value.toString() }],
    permissions: context,
  })
  for (let i = 0; i < 3; i++) {
    const sent = await sendCalls(transfer(parseEther('0.001')))
    expect(sent.error).toBeUndefined()
    await expect(prompts).toHaveCount(0)
    const status = await waitForCallsStatus(sent.id as string)
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true })
  }
  await expect(prompts).toHaveCount(0)
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.003'))
  const spent = () =>
    client.readContract({
      address: smart,
      abi: smartSessionsAbi,
      functionName: 'spent',
      args: [context, zeroAddress, 0n],
    })
  expect(await spent()).toBe(parseEther('0.003'))

  // The fourth, 1 wei over: the frame forwards it signed by the session key; the account refuses it.
  const over = await sendCalls(transfer(1n))
  expect(over.error).toMatchObject({ code: -32003, data: { by: 'account', reason: 'SpendLimitExceeded' } })
  await expect(prompts).toHaveCount(0)
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.003'))
  expect(await spent()).toBe(parseEther('0.003'))

  // Manage smart sessions: the grant with its origin and what it used; Revoke ends it on chain.
  await page.getByTestId('open').click()
  const grant = modal.getByTestId('wf-smart-session')
  await expect(grant).toHaveCount(1)
  await expect(grant.getByTestId('wf-smart-session-origin')).toHaveText(new URL(url).origin)
  await expect(grant.getByTestId('wf-smart-session-usage')).toHaveText('0.003 used, 0 left (ETH)')
  await grant.getByTestId('wf-smart-session-revoke').click()
  await expect(grant).toHaveCount(0, { timeout: 60_000 })
  await expect(modal.getByTestId('wf-smart-sessions')).toContainText('No active smart sessions.')
  expect((await session())[4]).toBe(true)
  await modal.getByTestId('wf-close').click()

  // After Revoke: within the limit in amount, but the account refuses the revoked session.
  const revoked = await sendCalls(transfer(0n))
  expect(revoked.error).toMatchObject({ code: -32003, data: { by: 'account', reason: 'SessionIsRevoked' } })
  await expect(prompts).toHaveCount(0)
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.003'))
})
