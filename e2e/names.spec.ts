// Names (registration and the /v1/profile/* calls) against the devnets and the API: a name chosen
// in the frame and signed by the browser wallet, then shown in the Account header, found by reverse
// lookup, refused when its registration is replayed, and used as a send receiver (the ETH reaches the
// name's owner on chain).

import type { Request } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { ApiErrorBody, NameRegistration, ReverseNameResponse } from '@walletframe/protocol'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest, expect } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expectToast } from './lib/fixtures.js'
import { projectId } from './lib/stack.js'

const test = apiTest
// The second test sends to the name the first one registers (the API lives as long as the worker).
test.describe.configure({ mode: 'serial' })

const ownerKey = generatePrivateKey()
const owner = privateKeyToAccount(ownerKey)
const label = `e2e-${owner.address.slice(2, 10).toLowerCase()}`
const name = `${label}.wf.id`
const sender = evmAccount(6)
const registers =
  'a name chosen in the frame is signed by the wallet, shown in Account and found by reverse lookup'

// The wallet is injected before the demo page loads: the owner registers, a funded account sends.
test.beforeEach(async ({ page, chains }, testInfo) => {
  const privateKey = testInfo.title === registers ? ownerKey : (sender.privateKey as Hex)
  await injectBrowserWallet(page, { privateKey, rpcUrls: rpcUrlsOf(chains), chainId: 1 })
})

test(registers, async ({ demo, modal, api }) => {
  await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
  // A fresh account has no name: the header offers to choose one.
  await modal.getByTestId('wf-account-choose-name').click()
  await expect(modal.locator('#wf-title')).toHaveText('Choose Name')

  const input = modal.getByTestId('wf-register-name-input')
  await input.fill('abc')
  await expect(modal.getByTestId('wf-register-name-error')).toHaveText(
    'Use letters, digits and hyphens only, at least 4 characters',
  )
  await input.fill(label.toUpperCase())
  const suggestion = modal.locator(`[data-testid="wf-register-name-suggestion"][data-name="${name}"]`)
  await expect(suggestion).toContainText('Available')

  const posted = demo.waitForRequest(
    (request: Request) => request.method() === 'POST' && request.url().includes('/v1/profile/account'),
  )
  await modal.getByTestId('wf-register-name-submit').click()
  const body = NameRegistration.parse((await posted).postDataJSON())
  expect(body).toMatchObject({ coin_type: 60, address: owner.address })
  expect(JSON.parse(body.message)).toMatchObject({ name })

  await expect(modal.getByTestId('wf-register-name-success')).toBeVisible()
  await expect(modal.getByTestId('wf-register-name-registered')).toHaveText(name)
  await modal.getByTestId('wf-register-name-done').click()
  await expect(modal.getByTestId('wf-account-name')).toHaveText(name)
  await expect(modal.getByTestId('wf-account-choose-name')).toHaveCount(0)

  const reverse = await fetch(`${api.url}/v1/profile/reverse/${owner.address}?projectId=${projectId}`)
  expect(ReverseNameResponse.parse(await reverse.json()).map((entry) => entry.name)).toEqual([name])

  // The same signed body again: refused as a replay, whoever sends it.
  const replay = await fetch(`${api.url}/v1/profile/account?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(replay.status).toBe(409)
  expect(ApiErrorBody.parse(await replay.json()).code).toBe('REPLAYED_MESSAGE')
})

test('a registered name is a send receiver: the ETH reaches its owner', async ({ demo, modal, chains }) => {
  const client = createPublicClient({ transport: http(rpcUrlsOf(chains)[1]) })
  const before = await client.getBalance({ address: owner.address })
  await injectBrowserWallet(demo, {
    privateKey: sender.privateKey as Hex,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
  await connectBrowserWallet(demo, modal)
  await demo.evaluate(() =>
    (
      window as unknown as { walletframe: { open(options: { view: string }): Promise<void> } }
    ).walletframe.open({
      view: 'WalletSend',
    }),
  )
  await expect(modal.getByTestId('wf-send-token')).toHaveValue('native')
  await modal.getByTestId('wf-send-amount').fill('0.125')

  await modal.getByTestId('wf-send-receiver').fill('nobody-here.wf.id')
  await expect(modal.getByTestId('wf-send-error')).toHaveText('Error resolving name')
  await expect(modal.getByTestId('wf-send-submit')).toBeDisabled()

  await modal.getByTestId('wf-send-receiver').fill(name)
  await expect(modal.getByTestId('wf-send-receiver-name')).toContainText(name)
  await expect(modal.getByTestId('wf-send-fee')).toBeVisible()
  await expect(modal.getByTestId('wf-send-error')).toHaveCount(0)
  await modal.getByTestId('wf-send-submit').click()
  await expectToast(modal, 'Transaction started')
  await expect.poll(() => client.getBalance({ address: owner.address })).toBe(before + parseEther('0.125'))
})
