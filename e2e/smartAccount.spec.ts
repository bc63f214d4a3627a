// The embedded wallet's smart account, end to end on the devnets with their ERC-4337 bundler: after
// an email login the host sees the smart account (the default account type on EVM networks) at the
// address the factory derives from the wallet's EOA, with both accounts in allAccounts. Its
// personal_sign, before the account exists, is an ERC-6492 signature viem verifies; a transaction
// from it goes as a UserOperation through the API's bundler proxy, deploys it and lands; the host's
// state then says it is deployed, and its signatures are plain ERC-1271 ones. Switching to the EOA
// in the Account view makes the EOA the host's address, and its signature verifies too.
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  isErc6492Signature,
  pad,
  parseAbi,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest } from './lib/api.js'
import { rpcUrlsOf } from './lib/chains.js'
import { answerInFrame, approveAndVerify, hostState, loginByEmail } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { providerRequest } from './lib/provider.js'

const test = apiTest
test.use({ withBundler: true })

type HostAccount = {
  address: string
  allAccounts: { namespace: string; address: string; type: string }[]
  embeddedWalletInfo: { accountType: string; isSmartAccountDeployed: boolean }
}

test('smart account: counterfactual address, ERC-6492 then ERC-1271 signatures, a UserOperation that deploys it, switch to the EOA', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(150_000)
  const mailUrl = chains.services.mail as string
  const email = `smart-${Date.now()}@example.test`
  const { modal } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)

  // The smart account is the host's address; the EOA that owns it is listed beside it.
  await expect
    .poll(async () => ((await hostState(page)) as HostAccount).embeddedWalletInfo?.accountType)
    .toBe('smartAccount')
  const state = (await hostState(page)) as HostAccount
  const address = state.address as Address
  await expect(page.getByTestId('state-address')).toHaveText(address)
  const evmAccounts = state.allAccounts.filter((account) => account.namespace === 'eip155')
  expect(evmAccounts.map((account) => account.type)).toEqual(['smartAccount', 'eoa'])
  expect(evmAccounts[0]!.address).toBe(address)
  const eoa = evmAccounts[1]!.address as Address
  expect(state.embeddedWalletInfo.isSmartAccountDeployed).toBe(false)

  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const network = chains.networks.find((candidate) => candidate.id === chainId)!
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[chainId]) })
  // The counterfactual address is the factory's for this owner (the salt starts with the owner).
  expect(
    await client.readContract({
      address: network.contracts.smartAccountFactory as Address,
      abi: parseAbi(['function getAddress(bytes32 salt) view returns (address)']),
      functionName: 'getAddress',
      args: [pad(eoa, { dir: 'right', size: 32 })],
    }),
  ).toBe(address)
  expect(await client.getCode({ address })).toBeUndefined()

  // Not deployed yet: an ERC-6492 signature, which viem verifies (it deploys in a simulation).
  const before = 'Signed by a smart account not deployed yet'
  const signing = providerRequest(page, 'personal_sign', [toHex(before), address])
  await answerInFrame(modal, 'approve', { method: 'personal_sign', message: before })
  const counterfactual = (await signing).result as Hex
  expect(isErc6492Signature(counterfactual)).toBe(true)
  expect(await client.verifyMessage({ address, message: before, signature: counterfactual })).toBe(true)

  // The devnet has no paymaster: the account pays for its UserOperation from its own balance.
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, toHex(parseEther('1'))] as never,
  })
  const to = privateKeyToAccount(generatePrivateKey()).address
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to, value: toHex(parseEther('0.01')) },
  ])
  await answerInFrame(modal, 'approve', { method: 'eth_sendTransaction' })
  const sent = await sending
  expect(sent.error).toBeUndefined()
  const receipt = await client.waitForTransactionReceipt({ hash: sent.result as Hex })
  expect(receipt.status).toBe('success')
  expect(await client.getBalance({ address: to })).toBe(parseEther('0.01'))
  expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
  await expect
    .poll(async () => ((await hostState(page)) as HostAccount).embeddedWalletInfo.isSmartAccountDeployed)
    .toBe(true)

  // Deployed: a plain ERC-1271 signature.
  const after = 'Signed by the deployed smart account'
  const signingAfter = providerRequest(page, 'personal_sign', [toHex(after), address])
  await answerInFrame(modal, 'approve', { method: 'personal_sign', message: after })
  const deployed = (await signingAfter).result as Hex
  expect(isErc6492Signature(deployed)).toBe(false)
  expect(await client.verifyMessage({ address, message: after, signature: deployed })).toBe(true)

  // The Account view switches to the EOA: the host's address and account type follow.
  await page.getByTestId('open').click()
  const accountSwitch = modal.getByTestId('wf-account-type-switch')
  await expect(accountSwitch).toHaveAttribute('data-account-type', 'smartAccount')
  await expect(accountSwitch).toContainText('Switch to EOA')
  await expectAccessible(page, 'Account with the account-type switch')
  await accountSwitch.click()
  await expect(accountSwitch).toHaveAttribute('data-account-type', 'eoa')
  await expect(accountSwitch).toContainText('Switch to smart account')
  await expect(page.getByTestId('state-address')).toHaveText(eoa)
  expect(await hostState(page)).toMatchObject({
    address: eoa,
    embeddedWalletInfo: { accountType: 'eoa', isSmartAccountDeployed: true },
  })
  await modal.getByTestId('wf-close').click()
  expect(await approveAndVerify(page, modal, eoa, 'Signed by the EOA after the switch')).toEqual({
    verified: true,
  })
})
