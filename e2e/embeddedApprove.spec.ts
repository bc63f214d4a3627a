// The embedded wallet asks before it signs (ApproveTransaction), as a wallet app would: a host's
// personal_sign opens the closed modal on the request with its message as text; Approve signs (the
// signature recovers to the address) and the modal closes again; with two requests queued the view
// shows the first and how many wait, Reject gives the host 4001 and the next one shows; closing the
// modal rejects what waits; an eth_sendTransaction shown by receiver and value, approved, lands on
// the devnet.
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest } from './lib/api.js'
import { rpcUrlsOf } from './lib/chains.js'
import { answerInFrame, approveAndVerify, loginByEmail } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { providerRequest, signAndVerify } from './lib/provider.js'

const test = apiTest
const rejected = { verified: false, error: { code: 4001, message: 'User rejected the request.' } }

test('the embedded wallet signs and sends only what the user approves on ApproveTransaction', async ({
  page,
  stack,
  chains,
}) => {
  test.setTimeout(90_000)
  const mailUrl = chains.services.mail as string
  const email = `approve-${Date.now()}@example.test`
  const { modal } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)
  const address = (await page.getByTestId('state-address').textContent()) as Hex
  const view = modal.getByTestId('wf-approve-transaction')

  // Connected, the modal has closed; a request opens it on the request, and it closes once answered.
  await expect(modal.getByTestId('wf-modal')).toBeHidden()
  const signing = approveAndVerify(page, modal, address, 'Approve me: gm ☀')
  await expect(modal.getByTestId('wf-approve-action')).toHaveText('Sign a message')
  expect(await signing).toEqual({ verified: true })
  await expect(view).toBeHidden()
  await expect(modal.getByTestId('wf-modal')).toBeHidden()

  // Two at once: the first shows, the second waits; Reject answers the first with 4001.
  const first = signAndVerify(page, address, 'First, to reject')
  await expect(view).toHaveAttribute('data-method', 'personal_sign')
  const second = signAndVerify(page, address, 'Second, to approve')
  await expect(modal.getByTestId('wf-approve-queue')).toHaveText('1 more waiting.')
  await answerInFrame(modal, 'reject', { method: 'personal_sign', message: 'First, to reject' })
  expect(await first).toEqual(rejected)
  await answerInFrame(modal, 'approve', { method: 'personal_sign', message: 'Second, to approve' })
  expect(await second).toEqual({ verified: true })
  await expect(view).toBeHidden()

  // Closing the modal is a Reject too.
  const closed = signAndVerify(page, address, 'Closed unanswered')
  await expect(modal.getByTestId('wf-approve-message')).toHaveText('Closed unanswered')
  await modal.getByTestId('wf-close').click()
  expect(await closed).toEqual(rejected)

  // A transaction on the devnet: shown by receiver, value and network; approved, it is mined.
  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const rpc = rpcUrlsOf(chains)[chainId] as string
  const client = createPublicClient({ transport: http(rpc) })
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, '0xde0b6b3a7640000'] as never,
  })
  const to = privateKeyToAccount(generatePrivateKey()).address
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to, value: `0x${parseEther('0.01').toString(16)}` },
  ])
  await expect(view).toHaveAttribute('data-method', 'eth_sendTransaction')
  await expect(modal.getByTestId('wf-approve-action')).toHaveText('Send a transaction')
  await expect(modal.getByTestId('wf-approve-to')).toHaveText(to)
  await expect(modal.getByTestId('wf-approve-value')).toHaveText(/^0\.01 \w+$/)
  await expect(modal.getByTestId('wf-approve-network')).not.toBeEmpty()
  // Nothing is sent before the user approves.
  expect(await client.getTransactionCount({ address })).toBe(0)
  await modal.getByTestId('wf-approve-confirm').click()
  const answer = await sending
  expect(answer.error).toBeUndefined()
  const receipt = await client.waitForTransactionReceipt({ hash: answer.result as Hex })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  expect(await client.getBalance({ address: to })).toBe(parseEther('0.01'))
})
