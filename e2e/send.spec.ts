// The Send view against the devnets, with the API serving balances and gas
// prices: ETH and an ERC20 token from a browser wallet in the host page, ETH approved by the
// WalletConnect test wallet, SOL and an SPL token (to a receiver without a token account) approved by
// it on the Solana devnet. Each send is checked on chain, on both sides. Then every validation
// message the form shows.

import { type FrameLocator, mergeTests, type Page } from '@playwright/test'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { evmAccount, type TestWallet } from '@walletframe/devstack'
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
import { test as apiTest } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expectToast } from './lib/fixtures.js'
import { expect, test as walletConnectTest } from './lib/walletConnect.js'

// The API on the devnets (balances, gas price, RPC proxy) and the local relay with the Node test
// wallet, for the same pages; the Solana devnet runs beside the EVM ones.
const test = mergeTests(apiTest, walletConnectTest)
test.use({ withSolana: true })

const holder = evmAccount(5)
/** Funds other accounts in the tests. */
const funder = evmAccount(8)

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

function network(chains: ChainsFile, namespace: 'eip155' | 'solana'): ChainNetwork {
  const found = chains.networks.find((candidate) => candidate.chainNamespace === namespace)
  if (!found) throw new Error(`The devstack has no ${namespace} network`)
  return found
}

function tokenOf(chains: ChainsFile, namespace: 'eip155' | 'solana', symbol: string) {
  const found = network(chains, namespace).tokens.find((token) => token.symbol === symbol)
  if (!found) throw new Error(`The devstack has no ${symbol} on ${namespace}`)
  return found
}

function evmClient(chains: ChainsFile): PublicClient {
  return createPublicClient({ transport: http(rpcUrlsOf(chains)[1]) })
}

function solanaConnection(chains: ChainsFile): Connection {
  return new Connection(network(chains, 'solana').rpcUrls.default.http[0] as string, 'confirmed')
}

const tokenBalance = (client: PublicClient, token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** The receipt of the first transaction `from` sent after block `after`. */
async function sentBy(client: PublicClient, from: Address, after: bigint) {
  // Uncached: viem reuses a block number for its polling interval.
  const latest = await client.getBlockNumber({ cacheTime: 0 })
  for (let number = after + 1n; number <= latest; number++) {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
    const sent = block.transactions.find(
      (transaction) => transaction.from.toLowerCase() === from.toLowerCase(),
    )
    if (sent) return client.getTransactionReceipt({ hash: sent.hash })
  }
  throw new Error(`${from} sent nothing after block ${after}`)
}

/** The fee of the only transaction that touched `address` (a fresh receiver). */
async function solanaFee(connection: Connection, address: PublicKey): Promise<number> {
  const [signature] = await connection.getSignaturesForAddress(address)
  if (!signature) throw new Error(`No transaction touched ${address.toBase58()}`)
  const transaction = await connection.getTransaction(signature.signature, {
    maxSupportedTransactionVersion: 0,
  })
  if (!transaction?.meta) throw new Error(`No transaction ${signature.signature}`)
  return transaction.meta.fee
}

/** The Account view's Activity tab lists the transaction (the API indexes the devnet as it goes). */
async function inActivity(modal: FrameLocator, hash: string) {
  await modal.getByTestId('wf-tab-Activity').click()
  await expect(async () => {
    // The tab reads the history again each time it opens; the indexer stores blocks as they come.
    await modal.getByTestId('wf-tab-Tokens').click()
    await modal.getByTestId('wf-tab-Activity').click()
    await expect(modal.locator(`[data-testid="wf-activity-entry"][data-hash="${hash}"]`)).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 20_000 })
  await expect(modal.locator(`[data-testid="wf-activity-entry"][data-hash="${hash}"]`)).toHaveAttribute(
    'data-operation',
    'send',
  )
}

async function connectWalletConnect(page: Page, modal: FrameLocator, wallet: TestWallet) {
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  await wallet.pair((await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string)
  await wallet.approveNextProposal()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
}

async function switchHostNetwork(page: Page, caipNetworkId: string) {
  await page.getByTestId('network-select').selectOption(caipNetworkId)
  await page.getByTestId('switch-network').click()
  await expect(page.getByTestId('state-network')).toHaveText(caipNetworkId)
}

/** Opens the Send view from the host page and waits for the account's tokens. */
async function openSend(page: Page, modal: FrameLocator) {
  await page.evaluate(() =>
    (
      window as unknown as { walletframe: { open(options: { view: string }): Promise<void> } }
    ).walletframe.open({
      view: 'WalletSend',
    }),
  )
  await expect(modal.locator('#wf-title')).toHaveText('Send')
  await expect(modal.getByTestId('wf-send-token')).toBeVisible()
}

async function chooseToken(modal: FrameLocator, symbol: string) {
  const option = modal.getByTestId('wf-send-token').locator('option', { hasText: `${symbol} (` })
  await modal.getByTestId('wf-send-token').selectOption((await option.getAttribute('value')) as string)
}

async function fill(modal: FrameLocator, amount: string, receiver: string) {
  await modal.getByTestId('wf-send-amount').fill(amount)
  await modal.getByTestId('wf-send-receiver').fill(receiver)
}

/** Sends what the form holds: the view goes to Account with "Transaction started". */
async function send(modal: FrameLocator) {
  await expect(modal.getByTestId('wf-send-fee')).toBeVisible()
  await expect(modal.getByTestId('wf-send-error')).toHaveCount(0)
  await modal.getByTestId('wf-send-submit').click()
  await expectToast(modal, 'Transaction started')
  await expect(modal.locator('#wf-title')).toHaveText('Account')
}

test.describe('from a browser wallet', () => {
  test.beforeEach(async ({ page, chains }) => {
    await injectBrowserWallet(page, {
      privateKey: holder.privateKey as Hex,
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
  })

  test('sends ETH: the receiver gets the amount, the sender pays it and the gas', async ({
    demo,
    modal,
    chains,
  }) => {
    const client = evmClient(chains)
    const receiver = freshAddress()
    const before = await client.getBalance({ address: holder.address })
    const block = await client.getBlockNumber({ cacheTime: 0 })
    await connectBrowserWallet(demo, modal)
    await openSend(demo, modal)
    await expect(modal.getByTestId('wf-send-token')).toHaveValue('native')
    // A receiver in lower case, as people paste it, is taken (no checksum to check).
    await fill(modal, '0.25', receiver.toLowerCase())
    await send(modal)

    await expect.poll(() => client.getBalance({ address: receiver })).toBe(parseEther('0.25'))
    const receipt = await sentBy(client, holder.address, block)
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: holder.address })).toBe(
      before - parseEther('0.25') - receipt.gasUsed * receipt.effectiveGasPrice,
    )
    await inActivity(modal, receipt.transactionHash)
  })

  test('sends an ERC20 token: USDC moves by transfer(to, amount) on its contract', async ({
    demo,
    modal,
    chains,
  }) => {
    const client = evmClient(chains)
    const usdc = tokenOf(chains, 'eip155', 'USDC').address as Address
    const receiver = freshAddress()
    const before = await tokenBalance(client, usdc, holder.address)
    const block = await client.getBlockNumber({ cacheTime: 0 })
    await connectBrowserWallet(demo, modal)
    await openSend(demo, modal)
    await chooseToken(modal, 'USDC')
    await expect(modal.getByTestId('wf-send-balance')).toContainText('USDC')
    await fill(modal, '12.5', receiver)
    await send(modal)

    await expect.poll(() => tokenBalance(client, usdc, receiver)).toBe(parseUnits('12.5', 6))
    expect(await tokenBalance(client, usdc, holder.address)).toBe(before - parseUnits('12.5', 6))
    const receipt = await sentBy(client, holder.address, block)
    expect(receipt.to?.toLowerCase()).toBe(usdc.toLowerCase())
  })

  test('a send the wallet declines shows "Something went wrong" and moves nothing', async ({
    demo,
    modal,
    chains,
  }) => {
    const client = evmClient(chains)
    const receiver = freshAddress()
    await connectBrowserWallet(demo, modal)
    await openSend(demo, modal)
    await fill(modal, '0.1', receiver)
    await expect(modal.getByTestId('wf-send-fee')).toBeVisible()
    await demo.evaluate(() => {
      ;(window as unknown as { __testWallet: { declineNext: boolean } }).__testWallet.declineNext = true
    })
    await modal.getByTestId('wf-send-submit').click()
    await expectToast(modal, 'Something went wrong')
    expect(await client.getBalance({ address: receiver })).toBe(0n)
  })
})

test('the form says what is wrong as it is filled in', async ({ page, modal, stack, chains }) => {
  // An account holding USDC and no ETH: it cannot pay any gas.
  const key = generatePrivateKey()
  const poor = privateKeyToAccount(key)
  const client = evmClient(chains)
  const usdc = tokenOf(chains, 'eip155', 'USDC').address as Address
  const wallet = createWalletClient({
    account: privateKeyToAccount(funder.privateKey as Hex),
    transport: http(rpcUrlsOf(chains)[1]),
  })
  const funding = await wallet.writeContract({
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [poor.address, parseUnits('50', 6)],
    chain: null,
  })
  await client.waitForTransactionReceipt({ hash: funding })
  await injectBrowserWallet(page, { privateKey: key, rpcUrls: rpcUrlsOf(chains), chainId: 1 })
  await page.goto(stack.demoUrl())
  await connectBrowserWallet(page, modal)
  await expect(page.getByTestId('state-address')).toHaveText(poor.address)
  await openSend(page, modal)
  await chooseToken(modal, 'USDC')

  const error = modal.getByTestId('wf-send-error')
  const submit = modal.getByTestId('wf-send-submit')
  const receiver = evmAccount(9).address
  await expect(error).toHaveCount(0)
  await expect(submit).toBeDisabled()

  await modal.getByTestId('wf-send-amount').fill('1')
  await expect(error).toHaveText('Please enter a valid amount and receiver address')
  // The receiver with the case of one letter flipped: mixed case, so its checksum must hold, and does not.
  const flipped = receiver.replace(
    /^0x(\d*)([a-f])/i,
    (_, digits: string, letter: string) =>
      `0x${digits}${letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()}`,
  )
  await modal.getByTestId('wf-send-receiver').fill(flipped)
  await expect(error).toHaveText('Please enter a valid amount and receiver address')
  await modal.getByTestId('wf-send-receiver').fill('0x1234')
  await expect(error).toHaveText('Please enter a valid amount and receiver address')
  await modal.getByTestId('wf-send-receiver').fill(receiver)

  await modal.getByTestId('wf-send-amount').fill('1.2.3')
  await expect(error).toHaveText('Incorrect amount')
  // USDC has 6 decimals.
  await modal.getByTestId('wf-send-amount').fill('1.0000001')
  await expect(error).toHaveText('Incorrect amount')
  await modal.getByTestId('wf-send-amount').fill('0')
  await expect(error).toHaveText('Please enter a valid amount')
  await modal.getByTestId('wf-send-amount').fill('50.000001')
  await expect(error).toHaveText('Insufficient balance')
  // Within the USDC balance, but no ETH for the gas.
  await modal.getByTestId('wf-send-amount').fill('50')
  await expect(error).toHaveText('Insufficient balance')
  await expect(submit).toBeDisabled()
  expect(await tokenBalance(client, usdc, poor.address)).toBe(parseUnits('50', 6))
})

test.describe('approved by the WalletConnect test wallet', () => {
  test('sends ETH: the wallet signs and sends eth_sendTransaction from its account', async ({
    demo,
    modal,
    wallet,
    chains,
  }) => {
    const client = evmClient(chains)
    const receiver = freshAddress()
    const before = await client.getBalance({ address: wallet.address })
    const block = await client.getBlockNumber({ cacheTime: 0 })
    await connectWalletConnect(demo, modal, wallet)
    await openSend(demo, modal)
    await fill(modal, '0.5', receiver)
    await send(modal)

    await expect.poll(() => client.getBalance({ address: receiver })).toBe(parseEther('0.5'))
    const receipt = await sentBy(client, wallet.address, block)
    expect(await client.getBalance({ address: wallet.address })).toBe(
      before - parseEther('0.5') - receipt.gasUsed * receipt.effectiveGasPrice,
    )
    await inActivity(modal, receipt.transactionHash)
  })

  test('sends SOL on the Solana devnet', async ({ demo, modal, wallet, chains }) => {
    const connection = solanaConnection(chains)
    const sender = new PublicKey(wallet.solanaAddress)
    const receiver = Keypair.generate().publicKey
    const before = await connection.getBalance(sender)
    await connectWalletConnect(demo, modal, wallet)
    await switchHostNetwork(demo, network(chains, 'solana').caipNetworkId)
    await openSend(demo, modal)
    await expect(modal.getByTestId('wf-send-token')).toHaveValue('native')
    await fill(modal, '0.5', receiver.toBase58())
    await send(modal)

    await expect.poll(() => connection.getBalance(receiver)).toBe(0.5 * LAMPORTS_PER_SOL)
    const fee = await solanaFee(connection, receiver)
    expect(await connection.getBalance(sender)).toBe(before - 0.5 * LAMPORTS_PER_SOL - fee)
    const [signature] = await connection.getSignaturesForAddress(receiver)
    await inActivity(modal, signature?.signature as string)
  })

  test('sends an SPL token, creating the receiver’s token account', async ({
    demo,
    modal,
    wallet,
    chains,
  }) => {
    const connection = solanaConnection(chains)
    const mint = new PublicKey(tokenOf(chains, 'solana', 'USDC').address)
    const sender = new PublicKey(wallet.solanaAddress)
    const receiver = Keypair.generate().publicKey
    const senderTokens = getAssociatedTokenAddressSync(mint, sender)
    const receiverTokens = getAssociatedTokenAddressSync(mint, receiver)
    const tokensBefore = BigInt((await connection.getTokenAccountBalance(senderTokens)).value.amount)
    const solBefore = await connection.getBalance(sender)
    expect(await connection.getAccountInfo(receiverTokens)).toBeNull()
    await connectWalletConnect(demo, modal, wallet)
    await switchHostNetwork(demo, network(chains, 'solana').caipNetworkId)
    await openSend(demo, modal)
    await chooseToken(modal, 'USDC')
    await fill(modal, '2.5', receiver.toBase58())
    await send(modal)

    await expect.poll(async () => (await connection.getAccountInfo(receiverTokens)) !== null).toBe(true)
    expect((await connection.getTokenAccountBalance(receiverTokens)).value.amount).toBe('2500000')
    expect(BigInt((await connection.getTokenAccountBalance(senderTokens)).value.amount)).toBe(
      tokensBefore - 2_500_000n,
    )
    // The sender paid the fee and the new token account's rent.
    const rent = await connection.getMinimumBalanceForRentExemption(165)
    const fee = await solanaFee(connection, receiver)
    expect(await connection.getBalance(sender)).toBe(solBefore - fee - rent)
  })
})
