// Sponsored gas (ERC-7677) with the embedded smart account, as a dapp on viem asks for it (viem's
// getCapabilities, sendCalls with the `paymasterService` capability, waitForCallsStatus over the
// SDK's provider, e2e/lib/viemHost.page.ts), on the devnets with their bundler and verifying paymaster.
// The project sponsors calls to its USDC contract: the smart account says `paymasterService` is
// supported (the EOA does not), the approval says "Sponsored", and a fresh account holding 0 ETH
// lands a batch whose effects are on chain, still holding 0 ETH after it. The project also sponsors
// the account's own smart-session grants and revocations: an account with 0 ETH grants a session,
// sends inside it with no prompt and revokes it, all sponsored; a call outside the grant hears the
// grant's refusal, not the paymaster's.
import { smartSessionsAbi } from '@walletframe/protocol'
import { type Address, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { answerInFrame } from './lib/emailLogin.js'
import { approveCall, erc20Reads } from './lib/erc20.js'
import { expect } from './lib/fixtures.js'
import { providerRequest } from './lib/provider.js'
import { type Call, smartAccountOnViemHost, switchToEoa } from './lib/viemHost.js'

const test = apiTest
// 1 ETH of gas per network for calls to USDC and the account's own session grants, charged by the
// API in its database.
test.use({
  withBundler: true,
  sponsorship: { contracts: ['usdc'], budgetWei: '1000000000000000000', sessionGrants: true },
})

test('viem sendCalls with paymasterService: a fresh smart account with 0 ETH sends a batch the project sponsors; the approval says "Sponsored"', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { modal, smart, eoa, network, client, getCapabilities, sendCalls, approveAndLand } =
    await smartAccountOnViemHost({ page, stack, chains }, 'sponsored')
  expect(await getCapabilities(smart)).toMatchObject({
    atomic: { status: 'supported' },
    paymasterService: { supported: true },
  })
  const eoaCapabilities = (await getCapabilities(eoa)) as Record<string, unknown>
  expect(eoaCapabilities).toMatchObject({ atomic: { status: 'unsupported' } })
  expect(eoaCapabilities.paymasterService).toBeUndefined()
  // A new wallet: its smart account is not even deployed, and holds nothing to pay gas with.
  expect(await client.getBalance({ address: smart })).toBe(0n)
  expect(await client.getCode({ address: smart })).toBeUndefined()

  const paymasterDeposit = () =>
    client.readContract({
      address: network.contracts.verifyingPaymaster as Address,
      abi: parseAbi(['function getDeposit() view returns (uint256)']),
      functionName: 'getDeposit',
    })
  const depositBefore = await paymasterDeposit()

  const usdc = network.contracts.usdc as Address
  const [first, second] = [generatePrivateKey(), generatePrivateKey()].map(
    (key) => privateKeyToAccount(key).address,
  ) as [Address, Address]
  const token = erc20Reads(client, usdc)
  const calls: Call[] = [approveCall(usdc, first, 11n), approveCall(usdc, second, 22n)]
  const sending = sendCalls({
    account: smart,
    forceAtomic: true,
    calls,
    // The dapp's own service is not called: the frame sponsors through its project's API.
    capabilities: { paymasterService: { url: 'https://paymaster.dapp.example/rpc' } },
  })
  await expect(modal.getByTestId('wf-approve-action')).toHaveText('Send a batch of calls')
  await expect(modal.getByTestId('wf-approve-call-2-to')).toHaveText(usdc)
  await expect(modal.getByTestId('wf-approve-network-fee')).toHaveText('Sponsored')
  // Allowances to accounts without code: the review warns for each, and the user confirms the risk.
  await approveAndLand(sending, ['approval-to-account', 'approval-to-account'])

  // Both effects on chain, the account deployed by the same operation, and not a wei of its own spent.
  expect(await token.allowance(smart, first)).toBe(11n)
  expect(await token.allowance(smart, second)).toBe(22n)
  expect(await client.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
  expect(await client.getBalance({ address: smart })).toBe(0n)
  // The gas came out of the paymaster's deposit in the EntryPoint.
  expect(await paymasterDeposit()).toBeLessThan(depositBefore)

  // A plain eth_sendTransaction from the smart account goes sponsored too.
  const third = privateKeyToAccount(generatePrivateKey()).address
  const transaction = providerRequest(page, 'eth_sendTransaction', [
    { from: smart, ...approveCall(usdc, third, 33n) },
  ])
  await expect(modal.getByTestId('wf-approve-action')).toHaveText('Send a transaction')
  await expect(modal.getByTestId('wf-approve-network-fee')).toHaveText('Sponsored')
  await answerInFrame(modal, 'approve', { method: 'eth_sendTransaction', risks: ['approval-to-account'] })
  expect((await transaction).error).toBeUndefined()
  expect(await token.allowance(smart, third)).toBe(33n)
  expect(await client.getBalance({ address: smart })).toBe(0n)

  // A call outside the contracts the project sponsors: the policy refuses it before anyone is asked
  // (-32003, viem's TransactionRejectedRpcError) when the dapp requires sponsorship; without the capability the user is asked to
  // pay the fee (no "Sponsored"), and rejects here, having no ETH.
  const dai = network.contracts.dai as Address
  const outside: Call[] = [approveCall(dai, first, 1n)]
  const refusedByPolicy = await sendCalls({
    account: smart,
    calls: outside,
    capabilities: { paymasterService: { url: 'https://paymaster.dapp.example/rpc' } },
  })
  expect(refusedByPolicy.error?.code).toBe(-32003)
  await expect(modal.getByTestId('wf-approve-transaction')).toHaveCount(0)
  const unsponsored = sendCalls({ account: smart, calls: outside })
  await expect(modal.getByTestId('wf-approve-call-1-to')).toHaveText(dai)
  await expect(modal.getByTestId('wf-approve-network-fee')).toHaveCount(0)
  await answerInFrame(modal, 'reject', { method: 'wallet_sendCalls' })
  expect((await unsponsored).error?.code).toBe(4001)

  // The EOA cannot be sponsored: a batch that requires it is refused before anyone is asked (5700).
  await switchToEoa(page, modal)
  const refused = await sendCalls({
    account: eoa,
    calls: [calls[0]!],
    capabilities: { paymasterService: { url: 'https://paymaster.dapp.example/rpc' } },
  })
  expect(refused.error?.code).toBe(5700)
  await expect(modal.getByTestId('wf-approve-transaction')).toHaveCount(0)
})

test('an account with 0 ETH grants a smart session, sends inside it with no prompt and revokes it, all sponsored', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(180_000)
  const { modal, smart, network, client, sendCalls, waitForCallsStatus, grantTokenAllowance } =
    await smartAccountOnViemHost({ page, stack, chains }, 'sponsored-session')
  const usdc = network.contracts.usdc as Address
  // Nothing to pay gas with, from the grant to the revocation.
  expect(await client.getBalance({ address: smart })).toBe(0n)
  const expiry = Number((await client.getBlock()).timestamp) + 3600
  const granting = grantTokenAllowance({ token: usdc, allowance: 100n, expiry })
  // The grant's own operation calls the account itself: the policy's `sessionGrants` sponsors it.
  await expect(modal.getByTestId('wf-approve-network-fee')).toHaveText('Sponsored')
  await answerInFrame(modal, 'approve', { method: 'wallet_grantPermissions' })
  const granted = await granting
  expect(granted).toMatchObject({ types: ['erc20-token-transfer'] })
  const context = granted.permissionsContext as `0x${string}`
  const session = () =>
    client.readContract({ address: smart, abi: smartSessionsAbi, functionName: 'sessions', args: [context] })
  expect((await session())[4]).toBe(false)

  const spender = privateKeyToAccount(generatePrivateKey()).address
  const sent = await sendCalls({
    account: smart,
    forceAtomic: true,
    calls: [approveCall(usdc, spender, 5n)],
    permissions: context,
    capabilities: { paymasterService: { url: 'https://paymaster.dapp.example/rpc' } },
  })
  expect(sent.error).toBeUndefined()
  await expect(modal.getByTestId('wf-approve-transaction')).toHaveCount(0)
  expect(await waitForCallsStatus(sent.id as string)).toMatchObject({ status: 'success', atomic: true })
  expect(await erc20Reads(client, usdc).allowance(smart, spender)).toBe(5n)

  // A call outside the grant that requires sponsorship: the grant's refusal, though the policy would
  // refuse DAI too; the grant is what the dapp must change.
  const outside = await sendCalls({
    account: smart,
    calls: [approveCall(network.contracts.dai as Address, spender, 1n)],
    permissions: context,
    capabilities: { paymasterService: { url: 'https://paymaster.dapp.example/rpc' } },
  })
  expect(outside.error).toMatchObject({ code: -32003, data: { by: 'frame', reason: 'CallNotAllowed' } })

  // The dapp gives its grant up: revoked on chain, sponsored too.
  const revoked = await providerRequest(page, 'wallet_revokePermissions', [{ permissionsContext: context }])
  expect(revoked).toEqual({ result: null })
  expect((await session())[4]).toBe(true)
  await expect(modal.getByTestId('wf-approve-transaction')).toHaveCount(0)
  expect(await client.getBalance({ address: smart })).toBe(0n)
})
