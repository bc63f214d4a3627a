// A WalletConnect wallet whose session did not approve wallet_getAssets (ERC-7811): the frame answers
// it from the API's balances for the connected account, without the wallet seeing a request. Needs
// the API beside the relay and test wallet.
import { mergeTests } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { createPublicClient, http } from 'viem'
import { test as apiTest } from './lib/api.js'
import { providerRequest as request } from './lib/provider.js'
import { connectByQr, expect, rpcUrlsByCaip, test as walletConnectTest } from './lib/walletConnect.js'

const test = mergeTests(apiTest, walletConnectTest)

test.afterEach(({ outbound }) => {
  // Nothing the page or the frame did may leave the machine.
  expect(outbound).toEqual([])
})

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
