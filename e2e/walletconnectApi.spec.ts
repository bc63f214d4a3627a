// What the frame answers for a wallet through the API: wallet_getAssets (ERC-7811) from the API's
// balances for a WalletConnect session that did not approve it (the wallet never sees the request)
// and for a browser wallet that does not implement it (it answers -32601), and wallet_getCallsStatus
// at the bundler a WalletConnect session names. Needs the API and a bundler per devnet beside the
// relay and test wallet.
import { evmAccount } from '@walletframe/devstack'
import { createPublicClient, http, parseEther } from 'viem'
import { connectBrowserWallet, fundedBrowserWallet, testWalletCalls } from './lib/browserWallet.js'
import { providerRequest as request } from './lib/provider.js'
import { connectByQr, expect, rpcUrlsByCaip, testWalletOn } from './lib/walletConnect.js'
import { nothingLeftTheMachine, test } from './lib/walletConnectApi.js'

test.use({ withBundler: true })

test.afterEach(nothingLeftTheMachine)

test('wallet_getAssets for a wallet that did not approve it is answered from the API, for its own account only', async ({
  api: _api,
  demo,
  modal,
  wallet,
  chains,
}) => {
  await connectByQr(demo, modal, wallet)
  const client = createPublicClient({ transport: http(rpcUrlsByCaip(chains)['eip155:1']) })
  const requests: string[] = []
  wallet.on('request', (answered) => requests.push(answered.method))
  const { result, error } = await request(demo, 'wallet_getAssets', [
    { account: wallet.address, chainFilter: ['0x1'] },
  ])
  expect(error).toBeUndefined()
  const assets = (result as Record<string, { address: string; balance: string; type: string }[]>)['0x1']
  const native = assets?.find((asset) => asset.type === 'native')
  expect(native).toMatchObject({ address: 'native', metadata: { symbol: 'ETH', decimals: 18 } })
  expect(BigInt(native?.balance as string)).toBe(
    await client.getBalance({ address: wallet.address as `0x${string}` }),
  )
  // Not a balance service for any address a host names; malformed parameters are -32602.
  expect((await request(demo, 'wallet_getAssets', [{ account: evmAccount(6).address }])).error?.code).toBe(
    4100,
  )
  expect(
    (await request(demo, 'wallet_getAssets', [{ account: wallet.address, chainFilter: [1] }])).error?.code,
  ).toBe(-32602)
  expect(requests).toEqual([])
})

test('wallet_getAssets for a browser wallet that does not implement it is answered from the API, for its own account only', async ({
  api: _api,
  page,
  stack,
  chains,
}) => {
  const balance = parseEther('1.234')
  const { account } = await fundedBrowserWallet(page, chains, balance)
  await page.goto(stack.demoUrl())
  await connectBrowserWallet(page, page.frameLocator('iframe[title="Walletframe"]'))

  const { result, error } = await request(page, 'wallet_getAssets', [{ account, chainFilter: ['0x1'] }])
  expect(error).toBeUndefined()
  const assets = (result as Record<string, { address: string; balance: string; type: string }[]>)['0x1']
  expect(assets?.find((asset) => asset.type === 'native')).toMatchObject({
    address: 'native',
    balance: `0x${balance.toString(16)}`,
    metadata: { symbol: 'ETH', decimals: 18 },
  })
  // The wallet was asked first and lacks the method (its node answers -32601): only then the API.
  expect((await testWalletCalls(page)).filter((method) => method === 'wallet_getAssets')).toEqual([
    'wallet_getAssets',
  ])
  // Not a balance service for any address a host names; malformed parameters are -32602.
  expect((await request(page, 'wallet_getAssets', [{ account: evmAccount(6).address }])).error?.code).toBe(
    4100,
  )
  expect((await request(page, 'wallet_getAssets', [{ account, chainFilter: [1] }])).error?.code).toBe(-32602)
})

test("wallet_getCallsStatus is read at the bundler the session names, through the API's proxy", async ({
  api: _api,
  demo,
  modal,
  relay,
  chains,
}) => {
  const wallet = await testWalletOn(relay, chains, {
    accountIndex: 5,
    sessionProperties: { bundler_name: 'alto' },
  })
  try {
    await connectByQr(demo, modal, wallet)
    const requests: string[] = []
    wallet.on('request', (answered) => requests.push(answered.method))
    // A UserOperation the bundler has never seen: pending, as the EIP says of one not yet landed.
    const id = `0x${'ab'.repeat(32)}`
    expect(await request(demo, 'wallet_getCallsStatus', [id])).toEqual({
      result: { version: '2.0.0', id, chainId: '0x1', status: 100, atomic: true },
    })
    expect((await request(demo, 'wallet_getCallsStatus', [])).error?.code).toBe(-32602)
    expect(requests).toEqual([])
  } finally {
    await wallet.close()
  }
})
