// A mobile wallet connected with WalletConnect through the frame: the Node test wallet (WalletKit)
// pairs from the QR URI over the local relay, and the host's EIP-1193 provider then talks to it.
import type { FrameLocator, Page } from '@playwright/test'
import { type AnsweredRequest, createTestWallet, evmAccount, type TestWallet } from '@walletframe/devstack'
import { createPublicClient, http, parseEther } from 'viem'
import { serveHostPage } from './lib/hostPage.js'
import { providerRequest, signAndVerify } from './lib/provider.js'
import { projectId } from './lib/stack.js'
import type { ViemHost } from './lib/viemHost.js'
import { connectByQr, expect, rpcUrlsByCaip, test, testWalletOn } from './lib/walletConnect.js'

const request = providerRequest

/** Opens the QR view and returns the `wc:` URI it shows. */
async function showQr(page: Page, modal: FrameLocator): Promise<string> {
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  const uri = await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri as string
}

async function connect(page: Page, modal: FrameLocator, wallet: TestWallet) {
  const uri = await showQr(page, modal)
  await wallet.pair(uri)
  await wallet.approveNextProposal()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
}

test.afterEach(({ outbound }) => {
  // Nothing the page or the frame did may leave the machine.
  expect(outbound).toEqual([])
})

test('connects by QR: the host sees the account, connect and the chain', async ({ demo, modal, wallet }) => {
  const uri = await showQr(demo, modal)
  await expect(modal.getByTestId('wf-wc-copy')).toHaveText('Copy link')
  await wallet.pair(uri)
  const session = await wallet.approveNextProposal()
  expect(session.namespaces.eip155?.chains).toEqual(expect.arrayContaining(['eip155:1', 'eip155:8453']))
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(wallet.address)
  await expect(demo.getByTestId('state-caip-address')).toHaveText(`eip155:1:${wallet.address}`)
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:1')
  await expect(demo.getByTestId('modal-open')).toHaveText('false')
  await expect(demo.getByTestId('provider-events')).toContainText(`accountsChanged ["${wallet.address}"]`)
  await expect(demo.getByTestId('provider-events')).toContainText('connect')
  expect(await request(demo, 'eth_accounts')).toEqual({ result: [wallet.address] })
  expect(await request(demo, 'eth_chainId')).toEqual({ result: '0x1' })
})

test('personal_sign goes to the wallet and the signature verifies', async ({ demo, modal, wallet }) => {
  await connect(demo, modal, wallet)
  expect(await signAndVerify(demo, wallet.address, 'Sign in to the demo over WalletConnect')).toEqual({
    verified: true,
  })
})

test('eth_sendTransaction is sent by the wallet and lands on the devnet', async ({
  demo,
  modal,
  wallet,
  chains,
}) => {
  await connect(demo, modal, wallet)
  const client = createPublicClient({ transport: http(rpcUrlsByCaip(chains)['eip155:1']) })
  const to = evmAccount(8).address as `0x${string}`
  const before = await client.getBalance({ address: to })
  const { result: hash } = await request(demo, 'eth_sendTransaction', [
    { from: wallet.address, to, value: `0x${parseEther('0.1').toString(16)}` },
  ])
  const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.1'))
})

test('the wallet switching chain reaches the host as chainChanged; the host can switch back', async ({
  demo,
  modal,
  wallet,
}) => {
  await connect(demo, modal, wallet)
  await wallet.emitChainChanged('eip155:8453')
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:8453')
  await expect(demo.getByTestId('provider-events')).toContainText('chainChanged "0x2105"')
  await expect(demo.getByTestId('state-caip-address')).toHaveText(`eip155:8453:${wallet.address}`)
  expect(await request(demo, 'eth_chainId')).toEqual({ result: '0x2105' })
  // Back to Ethereum from the host: the chain is approved in the session.
  await demo.getByTestId('network-select').selectOption('eip155:1')
  await demo.getByTestId('switch-network').click()
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:1')
  // The wallet gets the next request for the chain the host chose.
  const answered = new Promise<AnsweredRequest>((resolve) => wallet.on('request', resolve))
  await request(demo, 'personal_sign', [`0x${Buffer.from('on chain 1').toString('hex')}`, wallet.address])
  expect((await answered).chainId).toBe('eip155:1')
})

test('the session survives a reload of the host page and still reaches the wallet', async ({
  demo,
  modal,
  wallet,
}) => {
  await connect(demo, modal, wallet)
  await demo.reload()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(wallet.address)
  expect(await signAndVerify(demo, wallet.address, 'after reload')).toEqual({ verified: true })
})

test('the wallet disconnecting reaches the host as disconnect', async ({ demo, modal, wallet }) => {
  await connect(demo, modal, wallet)
  await wallet.disconnect()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await expect(demo.getByTestId('provider-events')).toContainText('disconnect')
  expect(await request(demo, 'eth_accounts')).toEqual({ result: [] })
  // After a reload the frame does not bring the ended session back.
  await demo.reload()
  await expect(demo.getByTestId('sdk-status')).toHaveText('ready')
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
})

test('the host disconnecting ends the session in the wallet', async ({ demo, modal, wallet }) => {
  await connect(demo, modal, wallet)
  const deleted = new Promise<{ topic: string }>((resolve) => wallet.on('delete', resolve))
  await demo.getByTestId('disconnect').click()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await deleted
  expect(wallet.sessions()).toEqual([])
})

test('a request the wallet rejects gives the host 4001', async ({ demo, modal, wallet }) => {
  await connect(demo, modal, wallet)
  wallet.rejectNextRequest()
  const { error } = await request(demo, 'personal_sign', ['0x68656c6c6f', wallet.address])
  expect(error?.code).toBe(4001)
  // A wallet that refuses with WalletConnect's own USER_REJECTED (5000) reaches the host as 4001 too.
  wallet.rejectNextRequest(1, { code: 5000, message: 'User rejected.' })
  const refused = await request(demo, 'personal_sign', ['0x68656c6c6f', wallet.address])
  expect(refused.error).toEqual({ code: 4001, message: 'User rejected.' })
})

test('a method the wallet did not approve is refused without reaching it', async ({
  demo,
  modal,
  wallet,
}) => {
  await connect(demo, modal, wallet)
  let reached = false
  wallet.on('request', () => {
    reached = true
  })
  const { error } = await request(demo, 'wallet_getCapabilities', [wallet.address])
  expect(error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed: wallet_getCapabilities' })
  expect(reached).toBe(false)
})

test("viem's getCapabilities gets what the wallet announced in its session, without the wallet seeing a request", async ({
  page,
  stack,
  relay,
  chains,
}) => {
  const holder = evmAccount(5).address
  const announced = {
    '0x1': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    '0x2105': { atomic: { status: 'ready' } },
  }
  const wallet = await testWalletOn(relay, chains, {
    accountIndex: 5,
    sessionProperties: { capabilities: JSON.stringify({ [holder.toLowerCase()]: announced }) },
  })
  try {
    const url = await serveHostPage(page, stack.demo.origin, {
      entry: new URL('./lib/viemHost.page.ts', import.meta.url).pathname,
      path: '/viem-walletconnect.html',
      config: { frameUrl: stack.frame.url, projectId, networks: chains.networks.map((n) => n.caipNetworkId) },
    })
    await page.goto(url)
    await connectByQr(page, page.frameLocator('iframe[title="Walletframe"]'), wallet)
    const requests: string[] = []
    wallet.on('request', (answered) => requests.push(answered.method))
    const getCapabilities = (account: string, chainId?: number) =>
      page.evaluate(
        ([account, chainId]) =>
          (window as unknown as ViemHost).host.getCapabilities(account as `0x${string}`, chainId as number),
        [account, chainId] as const,
      )
    expect(await getCapabilities(holder, 1)).toEqual({
      atomic: { status: 'supported' },
      paymasterService: { supported: true },
    })
    expect(await getCapabilities(holder, 8453)).toEqual({ atomic: { status: 'ready' } })
    // Another address's capabilities are not this wallet's to tell; without one, -32602 in the words dapps match on.
    expect(
      await providerRequest(page, 'wallet_getCapabilities', [evmAccount(6).address]).then(
        (answer) => answer.error?.code,
      ),
    ).toBe(4100)
    expect(await providerRequest(page, 'wallet_getCapabilities', [])).toEqual({
      error: { code: -32602, message: 'The capabilities request needs an address parameter' },
    })
    expect(requests).toEqual([])
  } finally {
    await wallet.close()
  }
})

test('a rejected proposal shows a clear error, and trying again connects', async ({
  demo,
  modal,
  wallet,
}) => {
  const uri = await showQr(demo, modal)
  await wallet.pair(uri)
  await wallet.rejectNextProposal()
  await expect(modal.getByTestId('wf-wc-error')).toBeVisible()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await modal.getByTestId('wf-wc-retry').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  const fresh = (await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string
  expect(fresh).not.toBe(uri)
  await wallet.pair(fresh)
  await wallet.approveNextProposal()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
})

test('a URI the frame no longer shows cannot connect; the one on screen can', async ({
  demo,
  modal,
  wallet,
}) => {
  const stale = await showQr(demo, modal)
  await modal.getByTestId('wf-back').click()
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  const current = (await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string
  expect(current).not.toBe(stale)
  const deleted = new Promise<{ topic: string }>((resolve) => wallet.on('delete', resolve))
  await wallet.pair(stale)
  await wallet.approveNextProposal()
  // The frame ends the session of the replaced link at once; the host never saw it.
  await deleted
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await wallet.pair(current)
  await wallet.approveNextProposal()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
})

test('a relay outage mid-session gives a clear error, and requests work again once it is back', async ({
  demo,
  modal,
  wallet,
  relay,
}) => {
  await connect(demo, modal, wallet)
  await relay.stop()
  const failed = await request(demo, 'personal_sign', ['0x6f7574616765', wallet.address])
  expect(failed.error?.code).toBe(4900)
  expect(failed.error?.message).toMatch(/Cannot reach the WalletConnect relay/)
  // The modal says so while the relay is away, and stops saying it once it is back.
  await demo.getByTestId('open').click()
  await expect(modal.getByTestId('wf-notification')).toContainText(
    'Lost the connection to the WalletConnect relay',
  )
  await relay.restart()
  // The wallet app reconnects on its own schedule; here, at once. The frame reconnects by itself
  // (no host call needed): the wallet's chain change reaches the host.
  await wallet.walletKit.core.relayer.restartTransport()
  await expect(async () => {
    await wallet.emitChainChanged('eip155:8453')
    await expect(demo.getByTestId('state-network')).toHaveText('eip155:8453', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await expect(modal.getByTestId('wf-notification')).toHaveCount(0)
  await demo.keyboard.press('Escape')
  expect(await signAndVerify(demo, wallet.address, 'relay is back')).toEqual({ verified: true })
})

test('while the wallet has not answered, the modal shows the request and Cancel rejects it with 4001', async ({
  demo,
  modal,
  wallet,
}) => {
  await connect(demo, modal, wallet)
  // The phone is offline: the request waits in the relay's mailbox.
  await wallet.walletKit.core.relayer.transportClose()
  const pending = request(demo, 'personal_sign', ['0x77616974', wallet.address])
  await expect(modal.getByTestId('wf-wallet-request')).toBeVisible()
  await expect(modal.getByTestId('wf-wallet-request')).toHaveAttribute('data-method', 'personal_sign')
  await expect(modal.getByTestId('wf-wallet-request')).toContainText('Waiting for wallet')
  await modal.getByTestId('wf-request-cancel').click()
  expect((await pending).error?.code).toBe(4001)
  await expect(demo.getByTestId('modal-open')).toHaveText('false')
  // The phone comes back and answers late; the frame has dropped the request and stays usable.
  const late = new Promise<AnsweredRequest>((resolve) => wallet.on('request', resolve))
  await wallet.walletKit.core.relayer.restartTransport()
  expect((await late).method).toBe('personal_sign')
  expect(await signAndVerify(demo, wallet.address, 'after cancel')).toEqual({ verified: true })
})

test('All Wallets: search, pick a wallet, open it by universal link or scan its QR; it becomes recent', async ({
  demo,
  modal,
  wallet,
}) => {
  await demo.getByTestId('open').click()
  await modal.getByTestId('wf-all-wallets').click()
  await expect(modal.getByTestId('wf-wallet-list').locator('li')).toHaveCount(20)
  await modal.getByTestId('wf-wallets-more').click()
  await expect(modal.getByTestId('wf-wallet-list').locator('li')).toHaveCount(22)
  await modal.getByTestId('wf-wallet-search').fill('rainb')
  await expect(modal.getByTestId('wf-wallet-list').locator('li')).toHaveCount(1)
  await modal.getByTestId('wf-wc-wallet-rainbow').click()

  await expect(modal.getByTestId('wf-view-ConnectingWalletConnect')).toBeVisible()
  const open = modal.getByTestId('wf-wc-open')
  await expect(open).toHaveText('Open Rainbow')
  const uri = (await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string
  await expect(open).toHaveAttribute('href', `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`)
  await expect(modal.getByTestId('wf-wc-fallback')).toContainText("Don't have Rainbow?")
  await expect(modal.getByTestId('wf-wc-fallback').getByRole('link', { name: 'Get it' })).toHaveAttribute(
    'href',
    'https://rainbow.me/download',
  )

  await wallet.pair(uri)
  await wallet.approveNextProposal()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await demo.getByTestId('disconnect').click()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')
  await demo.getByTestId('open').click()
  // Connector order: WalletConnect first, then recent wallets.
  const items = modal.getByTestId('wf-view-Connect').locator('.wf-list-item')
  await expect(items.nth(0)).toHaveAttribute('data-testid', 'wf-walletconnect')
  await expect(items.nth(1)).toHaveAttribute('data-testid', 'wf-wc-wallet-rainbow')
  await expect(items.nth(1)).toContainText('Recent')
})

test('featured wallets arriving below do not move the buttons above them', async ({ demo, modal }) => {
  await demo.getByTestId('open').click()
  const walletConnect = modal.getByTestId('wf-walletconnect')
  await expect(walletConnect).toBeVisible()
  // Measured once the view has slid in (wf-view-in moves the body 8 px as it opens).
  await modal
    .locator('.wf-body')
    .evaluate((body) => Promise.all(body.getAnimations().map((animation) => animation.finished)))
  const before = await walletConnect.boundingBox()
  // The featured wallets load after the first paint and grow the card (a 150 ms height animation).
  await expect(modal.getByTestId('wf-view-Connect').locator('[data-testid^="wf-wc-wallet-"]')).toHaveCount(4)
  const clip = modal.locator('.wf-body-clip')
  await expect
    .poll(() => clip.evaluate((element) => element.clientHeight === element.firstElementChild?.clientHeight))
    .toBe(true)
  expect(await walletConnect.boundingBox()).toEqual(before)
})

test('eth_requestAccounts opens the modal and resolves once the wallet approves over WalletConnect', async ({
  demo,
  modal,
  wallet,
}) => {
  const pending = request(demo, 'eth_requestAccounts')
  await modal.getByTestId('wf-walletconnect').click()
  await expect(modal.getByTestId('wf-wc-qr').locator('img')).toBeVisible()
  await wallet.pair((await modal.getByTestId('wf-wc-uri').getAttribute('data-uri')) as string)
  await wallet.approveNextProposal()
  expect(await pending).toEqual({ result: [wallet.address] })
  await expect(demo.getByTestId('modal-open')).toHaveText('false')
})

/** A wallet other than the fixture's, on the same relay and devnets; closed when the test ends. */
async function otherWallet(
  relay: { url: string },
  chains: Parameters<typeof rpcUrlsByCaip>[0],
  options: Partial<Parameters<typeof createTestWallet>[0]>,
): Promise<TestWallet> {
  const wallet = await createTestWallet({
    relayUrl: relay.url,
    rpcUrls: rpcUrlsByCaip(chains),
    accountIndex: 4,
    ...options,
  })
  opened.push(wallet)
  return wallet
}
const opened: TestWallet[] = []
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((wallet) => wallet.close()))
})

test('the account the wallet last announced stays selected after a reload (session with several accounts)', async ({
  demo,
  modal,
  relay,
  chains,
}) => {
  const wallet = await otherWallet(relay, chains, { evmAccounts: 2 })
  const [first, second] = wallet.addresses as [string, string]
  await connect(demo, modal, wallet)
  await expect(demo.getByTestId('state-address')).toHaveText(first)
  await wallet.emitAccountsChanged([second as `0x${string}`])
  await expect(demo.getByTestId('state-address')).toHaveText(second)
  expect(await request(demo, 'eth_accounts')).toEqual({ result: [second] })
  await demo.reload()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect(demo.getByTestId('state-address')).toHaveText(second)
  expect(await request(demo, 'eth_accounts')).toEqual({ result: [second] })
  expect(await signAndVerify(demo, second, 'signed by the selected account')).toEqual({ verified: true })
})

test('a switch the wallet accepts but never adds to the session is refused with 4902; one it adds goes through', async ({
  demo,
  modal,
  relay,
  chains,
}) => {
  // The wallet approves Ethereum only; Base is switchable through wallet_switchEthereumChain.
  const lying = await otherWallet(relay, chains, {
    approveChains: ['eip155:1'],
    switchChain: 'acceptWithoutAdding',
  })
  await connect(demo, modal, lying)
  const refused = await request(demo, 'wallet_switchEthereumChain', [{ chainId: '0x2105' }])
  expect(refused.error?.code).toBe(4902)
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:1')
  expect(await request(demo, 'eth_chainId')).toEqual({ result: '0x1' })
  expect(await signAndVerify(demo, lying.address, 'still on Ethereum')).toEqual({ verified: true })
  await demo.getByTestId('disconnect').click()
  await expect(demo.getByTestId('state-status')).toHaveText('disconnected')

  const honest = await otherWallet(relay, chains, { approveChains: ['eip155:1'], accountIndex: 5 })
  await connect(demo, modal, honest)
  expect(await request(demo, 'wallet_switchEthereumChain', [{ chainId: '0x2105' }])).toEqual({ result: null })
  await expect(demo.getByTestId('state-network')).toHaveText('eip155:8453')
  const answered = new Promise<AnsweredRequest>((resolve) => honest.on('request', resolve))
  expect(await signAndVerify(demo, honest.address, 'on Base')).toEqual({ verified: true })
  expect((await answered).chainId).toBe('eip155:8453')
})
