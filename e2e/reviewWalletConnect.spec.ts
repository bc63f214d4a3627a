// See before you sign, with a WalletConnect wallet: a request waits on ReviewRequest with its exact
// change before the wallet hears of it; Continue hands it over and it lands. A send to a deny-listed
// address is blocked — dismissed, the host's request fails with 4001 "Action not allowed", and the
// wallet never gets it. An unlimited approve to the devstack's drainer and a Permit2 signature naming
// it warn before the wallet is asked, and Continue waits for "I understand the risk".
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
import { rulesOf } from './lib/emailLogin.js'
import { providerRequest as request } from './lib/provider.js'
import { denied, permit2TypedData, reviewPolicy, tickRisk } from './lib/review.js'
import { connectByQr, expect, rpcUrlsByCaip } from './lib/walletConnect.js'
import { nothingLeftTheMachine, test } from './lib/walletConnectApi.js'

test.use({ review: reviewPolicy })

test.afterEach(nothingLeftTheMachine)

test('a WalletConnect wallet gets a request only after its review: Continue hands it over, a blocked one never reaches it', async ({
  api: _api,
  demo,
  modal,
  wallet,
  chains,
}) => {
  await connectByQr(demo, modal, wallet)
  const client = createPublicClient({ transport: http(rpcUrlsByCaip(chains)['eip155:1']) })
  // The wallet answers at once, so a request it was asked shows here before anyone clicks.
  const requests: string[] = []
  wallet.on('request', (answered) => requests.push(answered.method))
  const view = modal.getByTestId('wf-review-request')
  const verdict = modal.getByTestId('wf-review-verdict')

  // Shown with its exact change before the wallet sees it; Continue, and the wallet sends it.
  const to = privateKeyToAccount(generatePrivateKey()).address
  const value = parseEther('0.0321')
  const sending = request(demo, 'eth_sendTransaction', [
    { from: wallet.address, to, value: `0x${value.toString(16)}` },
  ])
  await expect(view).toHaveAttribute('data-method', 'eth_sendTransaction')
  await expect(modal.getByTestId('wf-review-change')).toHaveText([`-${formatEther(value)} ETH`])
  await expect(modal.getByTestId('wf-review-change')).toHaveAttribute('data-kind', 'out')
  await expect(verdict).toHaveAttribute('data-level', 'none')
  expect(requests).toEqual([])
  await modal.getByTestId('wf-review-continue').click()
  const answer = await sending
  expect(answer.error).toBeUndefined()
  const receipt = await client.waitForTransactionReceipt({ hash: answer.result as Hex })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(await client.getBalance({ address: to })).toBe(value)
  expect(requests).toEqual(['eth_sendTransaction'])

  // To a deny-listed address: blocked, said why, dismissed; the wallet never asked.
  const blocked = request(demo, 'eth_sendTransaction', [
    { from: wallet.address, to: denied, value: `0x${parseEther('0.001').toString(16)}` },
  ])
  await expect(verdict).toHaveAttribute('data-level', 'blocked')
  await expect(modal.getByTestId('wf-review-finding')).toHaveAttribute('data-rule', 'deny-listed')
  await expect(modal.getByTestId('wf-review-finding')).toContainText(denied)
  await expect(modal.getByTestId('wf-review-continue')).toHaveCount(0)
  await modal.getByTestId('wf-review-dismiss').click()
  expect(await blocked).toEqual({ error: { code: 4001, message: 'Action not allowed' } })
  await expect(view).toBeHidden()
  expect(requests).toEqual(['eth_sendTransaction'])
  expect(await client.getBalance({ address: denied })).toBe(0n)

  // The scams: each warns with its rules before the wallet hears of it; Continue waits for the tick.
  // Rejected here, so the wallet's account grants the drainer nothing.
  const network = chains.networks.find((candidate) => candidate.caipNetworkId === 'eip155:1')!
  const usdc = network.contracts.usdc as Address
  const drainer = network.contracts.drainer as Address
  const findings = modal.getByTestId('wf-review-finding')
  const continueButton = modal.getByTestId('wf-review-continue')
  const warnsThenRejected = async (answer: Promise<{ error?: unknown }>, rules: string[]) => {
    await expect(verdict).toHaveAttribute('data-level', 'warning')
    await expect.poll(() => findings.evaluateAll(rulesOf)).toEqual(rules)
    await expect(continueButton).toBeDisabled()
    await tickRisk(modal)
    await expect(continueButton).toBeEnabled()
    await modal.getByTestId('wf-review-reject').click()
    expect(((await answer).error as { code?: number } | undefined)?.code).toBe(4001)
  }
  await warnsThenRejected(
    request(demo, 'eth_sendTransaction', [
      {
        from: wallet.address,
        to: usdc,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [drainer, maxUint256] }),
      },
    ]),
    ['approval-to-new-contract', 'unlimited-approval'],
  )
  const expiration = Math.floor(Date.now() / 1000) + 3600
  const permit = permit2TypedData(network.id as number, {
    details: { token: usdc, amount: maxUint160, expiration, nonce: 0 },
    spender: drainer,
    sigDeadline: BigInt(expiration),
  })
  const signing = request(demo, 'eth_signTypedData_v4', [wallet.address, permit])
  await expect(findings).toContainText(new RegExp(`lets ${drainer} move`, 'i'))
  await warnsThenRejected(signing, ['permit-signature'])
  expect(requests).toEqual(['eth_sendTransaction'])
})
