// The Account view on real chain data: the API reads the devnets (balances, history), the frame
// shows them, and what it shows is what viem reads from the chain itself.
import { mergeTests } from '@playwright/test'
import { Connection, PublicKey } from '@solana/web3.js'
import { evmAccount } from '@walletframe/devstack'
import { type Address, createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { test as apiTest, expect } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'
import { expectToast, frameOf } from './lib/fixtures.js'
import { test as walletConnectTest } from './lib/walletConnect.js'

// The API on the devnets, the local relay with the Node test wallet, and the Solana devnet.
const test = mergeTests(apiTest, walletConnectTest)
test.use({ withSolana: true })

/** Cut (not rounded) to 3 decimals as the frame shows amounts, from a decimal text. */
function threeDecimals(text: string): string {
  const [whole, fraction = ''] = text.split('.')
  const kept = fraction.slice(0, 3).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : (whole as string)
}

test.describe('with a browser wallet', () => {
  const reader = evmAccount(5)

  test.beforeEach(async ({ page, chains }) => {
    await injectBrowserWallet(page, {
      privateKey: reader.privateKey as `0x${string}`,
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
  })

  test('Tokens shows what the chain holds: native and ERC20, decimals-0 tokens dropped', async ({
    demo,
    modal,
    chains,
  }) => {
    await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
    const network = chains.networks.find((candidate) => candidate.caipNetworkId === 'eip155:1')!
    const client = createPublicClient({ transport: http(network.rpcUrls.default.http[0]) })
    const owner = reader.address as Address
    const tokens = modal.getByTestId('wf-token')
    await expect(tokens.first()).toBeVisible()
    const shown = await tokens.evaluateAll((items) =>
      items.map((item) => ({
        symbol: item.getAttribute('data-symbol'),
        address: item.getAttribute('data-address'),
        quantity: item.querySelector('[data-testid="wf-token-quantity"]')?.textContent,
      })),
    )
    expect(shown.map((token) => token.symbol).sort()).toEqual(['DAI', 'ETH', 'USDC'])
    for (const token of shown) {
      const expected = token.address
        ? formatUnits(
            await client.readContract({
              address: token.address.split(':')[2] as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner],
            }),
            await client.readContract({
              address: token.address.split(':')[2] as Address,
              abi: erc20Abi,
              functionName: 'decimals',
            }),
          )
        : formatUnits(await client.getBalance({ address: owner }), 18)
      expect(token.quantity).toBe(`${threeDecimals(expected)} ${token.symbol}`)
    }
    const tix = chains.networks[0]!.tokens.find((token) => token.symbol === 'TIX')
    expect(tix?.decimals).toBe(0)
  })

  test('the API down: "Token Balance Unavailable", and the tab stays usable', async ({
    demo,
    modal,
    api,
  }) => {
    await demo.route(`${api.url}/v1/account/*/balance*`, (route) => route.abort('connectionrefused'))
    await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
    await expectToast(modal, 'Token Balance Unavailable')
    await expect(modal.getByTestId('wf-tokens-empty')).toHaveText('Token Balance Unavailable')
    await modal.getByTestId('wf-tab-Activity').click()
    await expect(modal.getByTestId('wf-activity').or(modal.getByTestId('wf-activity-empty'))).toBeVisible()
  })

  test('balances survive a reload where the frame has storage, and only there', async ({
    demo,
    modal,
    api,
    regime,
    stack,
  }) => {
    await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
    await expect(modal.getByTestId('wf-token').first()).toBeVisible()
    if (regime !== 'blocked') {
      // The persister writes at most once a second: wait for it to have written the balances.
      await expect
        .poll(() =>
          frameOf(demo, stack).evaluate(() =>
            localStorage.getItem('walletframe:queries')?.includes('tokenBalances'),
          ),
        )
        .toBe(true)
    }
    // After the reload the API cannot answer: what shows comes from the frame's persisted cache.
    await demo.route(`${api.url}/v1/account/*/balance*`, (route) => route.abort('connectionrefused'))
    await demo.reload()
    await expect(demo.getByTestId('state-status')).toHaveText('connected')
    await demo.getByTestId('open-account').click()
    await expect(modal.getByTestId('wf-view-Account')).toBeVisible()
    if (regime === 'blocked') {
      // No storage of its own: the cache lived in memory (the host keeps no query caches).
      await expect(modal.getByTestId('wf-tokens-empty')).toHaveText('Token Balance Unavailable')
    } else {
      await expect(modal.getByTestId('wf-token').first()).toBeVisible()
      await expect(modal.getByTestId('wf-tokens-empty')).toHaveCount(0)
    }
  })

  test('Receive shows the address as a QR code and the networks it is valid on', async ({
    demo,
    modal,
    chains,
  }) => {
    await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
    await modal.getByTestId('wf-feature-receive').click()
    await expect(modal.getByTestId('wf-receive-address')).toHaveText(reader.address)
    await expect(modal.getByTestId('wf-receive-qr')).toHaveAttribute('data-value', reader.address)
    await expect(modal.getByTestId('wf-receive-qr').locator('img')).toBeVisible()
    const evm = chains.networks.filter((network) => network.chainNamespace === 'eip155')
    await expect(modal.getByTestId('wf-receive-networks').locator('li')).toHaveText(evm.map((n) => n.name))
  })
})

test.describe('with the account the fixtures gave a history', () => {
  const alice = evmAccount(0)

  test.beforeEach(async ({ page, chains }) => {
    await injectBrowserWallet(page, {
      privateKey: alice.privateKey as `0x${string}`,
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
  })

  test('Activity lists the transfers of the active chain, newest first, grouped by month', async ({
    demo,
    modal,
    api,
  }) => {
    await connectBrowserWallet(demo, modal, { thenOpen: 'Account' })
    await modal.getByTestId('wf-tab-Activity').click()
    const entries = modal.getByTestId('wf-activity-entry')
    // The indexer follows the devnet a couple of blocks behind its head: wait for the fixtures' history.
    await expect(entries.first()).toBeVisible({ timeout: 30_000 })
    const fromApi = (await (
      await fetch(
        `${api.url}/v1/account/${alice.address}/history?projectId=e2e-project&chainId=eip155:1&limit=100`,
      )
    ).json()) as { data: { metadata: { hash: string; minedAt: string } }[] }
    const hashes = await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-hash')))
    expect(hashes.slice(0, fromApi.data.length)).toEqual(
      fromApi.data.slice(0, hashes.length).map((e) => e.metadata.hash),
    )
    await expect(modal.getByTestId('wf-activity-amounts')).toContainText(['-250 USDC'])
    await expect(modal.getByTestId('wf-activity-month').first()).toBeVisible()
  })
})

test.describe('on Solana, approved by the WalletConnect test wallet', () => {
  test('Tokens shows what web3.js reads: SOL and the SPL token', async ({ demo, modal, wallet, chains }) => {
    const solana = chains.networks.find((network) => network.chainNamespace === 'solana')!
    const connection = new Connection(solana.rpcUrls.default.http[0] as string, 'confirmed')
    const owner = new PublicKey(wallet.solanaAddress)
    await demo.getByTestId('open').click()
    await modal.getByTestId('wf-walletconnect').click()
    await wallet.pair((await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string)
    await wallet.approveNextProposal()
    await expect(demo.getByTestId('state-status')).toHaveText('connected')
    await demo.getByTestId('network-select').selectOption(solana.caipNetworkId)
    await demo.getByTestId('switch-network').click()
    await expect(demo.getByTestId('state-network')).toHaveText(solana.caipNetworkId)
    await demo.getByTestId('open').click()
    await expect(modal.getByTestId('wf-view-Account')).toBeVisible()
    const tokens = modal.getByTestId('wf-token')
    await expect(tokens.first()).toBeVisible()
    const shown = await tokens.evaluateAll((items) =>
      items.map((item) => ({
        symbol: item.getAttribute('data-symbol'),
        quantity: item.querySelector('[data-testid="wf-token-quantity"]')?.textContent,
      })),
    )
    const lamports = await connection.getBalance(owner)
    const usdc = solana.tokens.find((token) => token.symbol === 'USDC')!
    const accounts = await connection.getParsedTokenAccountsByOwner(owner, {
      mint: new PublicKey(usdc.address),
    })
    const usdcAmount = accounts.value
      .map((account) => BigInt(account.account.data.parsed.info.tokenAmount.amount as string))
      .reduce((sum, amount) => sum + amount, 0n)
    expect(shown).toEqual(
      expect.arrayContaining([
        { symbol: 'SOL', quantity: `${threeDecimals(formatUnits(BigInt(lamports), 9))} SOL` },
        { symbol: 'USDC', quantity: `${threeDecimals(formatUnits(usdcAmount, usdc.decimals))} USDC` },
      ]),
    )
    expect(shown).toHaveLength(2)
  })
})
