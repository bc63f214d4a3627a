// See before you sign, with a WalletConnect wallet: a request waits on ReviewRequest with its exact
// change before the wallet hears of it; Continue hands it over and it lands. A send to a deny-listed
// address is blocked — dismissed, the host's request fails with 4001 "Action not allowed", and the
// wallet never gets it.
import { mergeTests } from '@playwright/test'
import { createPublicClient, formatEther, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { providerRequest as request } from './lib/provider.js'
import { denied, reviewPolicy } from './lib/review.js'
import { connectByQr, expect, rpcUrlsByCaip, test as walletConnectTest } from './lib/walletConnect.js'

const test = mergeTests(apiTest, walletConnectTest)
test.use({ review: reviewPolicy })

test.afterEach(({ outbound }) => {
  // Nothing the page or the frame did may leave the machine.
  expect(outbound).toEqual([])
})

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
})
