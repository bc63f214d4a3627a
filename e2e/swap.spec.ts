// Swaps on the devnets, from a browser wallet in the host page, with the API
// quoting and building on the fee router in front of Uniswap V2: a token -> token swap that needs an
// approval (both transactions land, balances move, the 0.85% provider fee reaches its recipient, read
// on chain), a native -> token swap, then every input error and failure toast the flow can be made
// to show. Each test swaps from a fresh account, so no allowance is left over from another.

import type { FrameLocator, Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import type { ChainNetwork, ChainsFile } from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { test as apiTest, expect } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expectToast } from './lib/fixtures.js'

const test = apiTest
/** Funds the fresh accounts. */
const funder = evmAccount(9)

function ethereum(chains: ChainsFile): ChainNetwork {
  return chains.networks.find((network) => network.id === 1) as ChainNetwork
}
const tokenOf = (chains: ChainsFile, symbol: string) =>
  ethereum(chains).tokens.find((token) => token.symbol === symbol)?.address as Address
const client = (chains: ChainsFile): PublicClient =>
  createPublicClient({ transport: http(rpcUrlsOf(chains)[1]) })
const tokenBalance = (chains: ChainsFile, token: Address, owner: Address) =>
  client(chains).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** A new account holding `eth` ETH and `usdc` USDC, from the funder. */
async function freshAccount(chains: ChainsFile, funds: { eth: string; usdc: string }) {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  const wallet = createWalletClient({
    account: privateKeyToAccount(funder.privateKey as Hex),
    transport: http(rpcUrlsOf(chains)[1]),
  })
  const publicClient = client(chains)
  if (funds.eth !== '0')
    await publicClient.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: account.address, value: parseEther(funds.eth), chain: null }),
    })
  if (funds.usdc !== '0')
    await publicClient.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: tokenOf(chains, 'USDC'),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account.address, parseUnits(funds.usdc, 6)],
        chain: null,
      }),
    })
  return { key, address: account.address }
}

/** The host page with a browser wallet of `key`, connected. */
async function connect(page: Page, modal: FrameLocator, chains: ChainsFile, key: Hex, demoUrl: string) {
  await injectBrowserWallet(page, { privateKey: key, rpcUrls: rpcUrlsOf(chains), chainId: 1 })
  await page.goto(demoUrl)
  await connectBrowserWallet(page, modal)
}

async function openSwap(page: Page, modal: FrameLocator) {
  await page.evaluate(() =>
    (
      window as unknown as { walletframe: { open(options: { view: string }): Promise<void> } }
    ).walletframe.open({ view: 'Swap' }),
  )
  await expect(modal.locator('#wf-title')).toHaveText('Swap')
  await expect(modal.getByTestId('wf-swap-source-token')).toBeVisible()
}

async function fill(modal: FrameLocator, from: string, to: string, amount: string) {
  await modal.getByTestId('wf-swap-source-token').selectOption({ label: from })
  await modal.getByTestId('wf-swap-to-token').selectOption({ label: to })
  await modal.getByTestId('wf-swap-amount').fill(amount)
}

/** The last `count` transactions `from` sent, newest last. */
async function sentBy(chains: ChainsFile, from: Address, after: bigint) {
  const publicClient = client(chains)
  const latest = await publicClient.getBlockNumber({ cacheTime: 0 })
  const receipts = []
  for (let number = after + 1n; number <= latest; number++) {
    const block = await publicClient.getBlock({ blockNumber: number, includeTransactions: true })
    for (const sent of block.transactions)
      if (sent.from.toLowerCase() === from.toLowerCase())
        receipts.push(await publicClient.getTransactionReceipt({ hash: sent.hash }))
  }
  return receipts
}

test('swaps USDC for DAI after an approval: both land, balances move, the fee reaches its recipient', async ({
  page,
  modal,
  chains,
  stack,
}) => {
  const network = ethereum(chains)
  const [usdc, dai] = [tokenOf(chains, 'USDC'), tokenOf(chains, 'DAI')]
  const recipient = network.contracts.swapFeeRecipient as Address
  const router = network.contracts.swapFeeRouter as Address
  const user = await freshAccount(chains, { eth: '1', usdc: '500' })
  const block = await client(chains).getBlockNumber({ cacheTime: 0 })
  const feeBefore = await tokenBalance(chains, usdc, recipient)
  await connect(page, modal, chains, user.key, stack.demoUrl())

  // From the Account view's Swap button (the features in order: onramp, swaps, receive, send).
  await page.getByTestId('open').click()
  await expect(modal.getByTestId('wf-feature-swaps')).toBeVisible()
  await modal.getByTestId('wf-feature-swaps').click()
  await expect(modal.locator('#wf-title')).toHaveText('Swap')
  await fill(modal, 'USDC', 'DAI', '100')
  await expect(modal.getByTestId('wf-swap-to-amount')).toHaveValue(/^9\d\.\d{1,6}$/)
  await expect(modal.getByTestId('wf-swap-provider-fee')).toHaveText('0.85 USDC')
  await expect(modal.getByTestId('wf-swap-price-impact')).toHaveText(/^\d+\.\d\d%$/)
  await expect(modal.getByTestId('wf-swap-network-fee')).toHaveText(/^(\$|<\$)/)
  const shown = Number(await modal.getByTestId('wf-swap-to-amount').inputValue())
  await modal.getByTestId('wf-swap-review').click()

  await expect(modal.locator('#wf-title')).toHaveText('Review Swap')
  await modal.getByTestId('wf-swap-approve').click()
  // Once the approval is on chain, the quote and the swap transaction are built again.
  await expect(modal.getByTestId('wf-swap-submit')).toBeEnabled({ timeout: 20_000 })
  await expect(modal.getByTestId('wf-swap-submit')).toHaveText('Swap')
  expect(
    await client(chains).readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user.address, router],
    }),
  ).toBe(parseUnits('100', 6))
  await modal.getByTestId('wf-swap-submit').click()
  await expectToast(modal, /^Swapped 100 USDC for 9\d\.\d{1,3} DAI$/, {
    timeout: 20_000,
  })
  await expect(modal.locator('#wf-title')).toHaveText('Account')

  const [approval, swap] = await sentBy(chains, user.address, block)
  expect(approval?.status).toBe('success')
  expect(approval?.to?.toLowerCase()).toBe(usdc.toLowerCase())
  expect(swap?.status).toBe('success')
  expect(swap?.to?.toLowerCase()).toBe(router.toLowerCase())
  expect(await tokenBalance(chains, usdc, user.address)).toBe(parseUnits('400', 6))
  const received = await tokenBalance(chains, dai, user.address)
  // At least the quote shown less the 1% slippage, at most a little over it (the shown one is cut).
  expect(Number(received) / 1e18).toBeGreaterThanOrEqual(shown * 0.99)
  expect(Number(received) / 1e18).toBeLessThan(shown + 0.001)
  expect((await tokenBalance(chains, usdc, recipient)) - feeBefore).toBe(parseUnits('0.85', 6))
})

test('swaps ETH for USDC: the input goes as value, the fee is kept in ETH', async ({
  page,
  modal,
  chains,
  stack,
}) => {
  const usdc = tokenOf(chains, 'USDC')
  const recipient = ethereum(chains).contracts.swapFeeRecipient as Address
  const user = await freshAccount(chains, { eth: '2', usdc: '0' })
  const feeBefore = await client(chains).getBalance({ address: recipient })
  await connect(page, modal, chains, user.key, stack.demoUrl())
  await openSwap(page, modal)
  await expect(modal.getByTestId('wf-swap-source-token')).toHaveValue(
    /0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee$/,
  )
  await fill(modal, 'ETH', 'USDC', '0.5')
  await expect(modal.getByTestId('wf-swap-provider-fee')).toHaveText('0.00425 ETH')
  await modal.getByTestId('wf-swap-review').click()
  // No approval for the native currency.
  await expect(modal.getByTestId('wf-swap-approve')).toHaveCount(0)
  await modal.getByTestId('wf-swap-submit').click()
  await expectToast(modal, /^Swapped 0\.5 ETH for 14\d\d\.\d{1,3} USDC$/, {
    timeout: 20_000,
  })
  await expect(modal.locator('#wf-title')).toHaveText('Account')
  expect((await client(chains).getBalance({ address: recipient })) - feeBefore).toBe(parseEther('0.00425'))
  expect(await tokenBalance(chains, usdc, user.address)).toBeGreaterThan(parseUnits('1400', 6))
  expect(await client(chains).getBalance({ address: user.address })).toBeLessThan(parseEther('1.5'))
})

test.describe('what the swap says when it cannot go ahead', () => {
  test('"Insufficient balance" over the balance and without gas; nothing for an amount of 0', async ({
    page,
    modal,
    chains,
    stack,
  }) => {
    // USDC and no ETH: no gas for any swap.
    const user = await freshAccount(chains, { eth: '0', usdc: '50' })
    await connect(page, modal, chains, user.key, stack.demoUrl())
    await openSwap(page, modal)
    const error = modal.getByTestId('wf-swap-error')
    await fill(modal, 'USDC', 'DAI', '50.5')
    await expect(error).toHaveText('Insufficient balance')
    await expect(modal.getByTestId('wf-swap-review')).toBeDisabled()
    await modal.getByTestId('wf-swap-amount').fill('10')
    await expect(modal.getByTestId('wf-swap-to-amount')).not.toHaveValue('')
    await expect(error).toHaveText('Insufficient balance')
    await expect(modal.getByTestId('wf-swap-review')).toBeDisabled()
    // A source amount of 0 asks for no quote and shows no error: the amount must be greater than 0.
    await modal.getByTestId('wf-swap-amount').fill('0')
    await expect(error).toHaveCount(0)
    await expect(modal.getByTestId('wf-swap-to-amount')).toHaveValue('')
  })

  test('"Insufficient balance" when the quote fails (ETH -> WETH is wrapping, not a swap)', async ({
    page,
    modal,
    chains,
    stack,
  }) => {
    const user = await freshAccount(chains, { eth: '1', usdc: '0' })
    await connect(page, modal, chains, user.key, stack.demoUrl())
    await openSwap(page, modal)
    await fill(modal, 'ETH', 'WETH', '0.1')
    await expect(modal.getByTestId('wf-swap-error')).toHaveText('Insufficient balance')
    await expect(modal.getByTestId('wf-swap-review')).toBeDisabled()
  })

  test('"Transaction error" when the wallet declines the swap, and back to the form', async ({
    page,
    modal,
    chains,
    stack,
  }) => {
    const user = await freshAccount(chains, { eth: '1', usdc: '0' })
    await connect(page, modal, chains, user.key, stack.demoUrl())
    await openSwap(page, modal)
    await fill(modal, 'ETH', 'DAI', '0.1')
    await modal.getByTestId('wf-swap-review').click()
    await expect(modal.getByTestId('wf-swap-submit')).toBeEnabled()
    await page.evaluate(() => {
      ;(window as unknown as { __testWallet: { declineNext: boolean } }).__testWallet.declineNext = true
    })
    await modal.getByTestId('wf-swap-submit').click()
    await expectToast(modal, 'Transaction error')
    await expect(modal.locator('#wf-title')).toHaveText('Swap')
    expect(await tokenBalance(chains, tokenOf(chains, 'DAI'), user.address)).toBe(0n)
  })

  // The API failing is provoked by answering its calls with 503 in the browser: the toast says
  // which step failed.
  for (const [what, path, toast] of [
    ['the token list', '/v1/convert/tokens', 'Failed to initialize swap'],
    ['the prices', '/v1/fungible/price', 'Failed to fetch network token price'],
    ['the allowance', '/v1/convert/allowance', 'Failed to check allowance'],
    ['the approval', '/v1/convert/build-approve', 'Failed to create approval transaction'],
    ['the swap transaction', '/v1/convert/build-transaction', 'Failed to create transaction'],
  ] as const) {
    test(`"${toast}" when ${what} cannot be had`, async ({ page, modal, chains, stack }) => {
      const user = await freshAccount(chains, { eth: '1', usdc: '100' })
      await connect(page, modal, chains, user.key, stack.demoUrl())
      await page.context().route(`**${path}?**`, (route) =>
        // Cross-origin: the frame reads the answer only with CORS headers; a JSON POST is preflighted.
        route.request().method() === 'OPTIONS'
          ? route.fulfill({
              status: 204,
              headers: {
                'access-control-allow-origin': '*',
                'access-control-allow-methods': 'GET, POST',
                'access-control-allow-headers': 'content-type',
              },
            })
          : route.fulfill({
              status: 503,
              headers: { 'access-control-allow-origin': '*' },
              json: { error: 'Service unavailable', code: 'UPSTREAM_UNAVAILABLE' },
            }),
      )
      await page.evaluate(() =>
        (
          window as unknown as { walletframe: { open(options: { view: string }): Promise<void> } }
        ).walletframe.open({ view: 'Swap' }),
      )
      if (path === '/v1/convert/tokens') {
        await expectToast(modal, toast)
        await expect(modal.getByTestId('wf-swap-unavailable')).toHaveText(toast)
        return
      }
      if (path === '/v1/fungible/price') {
        await expectToast(modal, toast)
        return
      }
      // ETH needs no allowance: straight to the swap transaction. USDC without one: to the approval.
      const native = path === '/v1/convert/build-transaction'
      await fill(modal, native ? 'ETH' : 'USDC', 'DAI', native ? '0.1' : '10')
      await expectToast(modal, toast)
      await expect(modal.getByTestId('wf-swap-review')).toBeDisabled()
    })
  }
})
