// The bundler proxy against the devstack's chains and its real bundler (alto): the project config
// hands out the proxy, not the bundler; ERC-4337 calls pass and a UserOperation sent through the
// proxy deploys a smart account; other methods, unknown projects and networks without a bundler
// are refused.
import { freshSmartAccount } from '@walletframe/devstack/testing'
import { evmNetwork } from '@walletframe/protocol/testing'
import { createWalletClient, http, parseEther } from 'viem'
import { createBundlerClient, entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { devstackHarness, postJson, projectNetworks as projectNetworksOf } from '../internal/testing.js'

const harness = devstackHarness({
  bundler: true,
  // A network served without a bundler.
  networks: [evmNetwork(10, 'OP Mainnet')],
  options: { indexer: { enabled: false } },
})
const post = postJson
const projectNetworks = () => projectNetworksOf(harness.api.url, 'app')

describe('POST /v1/bundler', () => {
  it('is what the project config names as bundlerUrl, only for networks with a bundler', async () => {
    const networks = await projectNetworks()
    const base = networks.find((network) => network.caipNetworkId === 'eip155:8453')!
    expect(base.bundlerUrl).toBe(
      `${harness.api.url}/v1/bundler?chainId=eip155%3A8453&projectId=app&bundler=pimlico`,
    )
    expect(networks.find((network) => network.caipNetworkId === 'eip155:10')!.bundlerUrl).toBeUndefined()
  })

  it('forwards ERC-4337 calls and refuses the rest per call', async () => {
    const url = `${harness.api.url}/v1/bundler?chainId=eip155:1&projectId=app`
    const supported = await post(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_supportedEntryPoints',
      params: [],
    })
    expect(await supported.json()).toEqual({ jsonrpc: '2.0', id: 1, result: [entryPoint07Address] })

    const batch = await post(url, [
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 'b', method: 'debug_bundler_clearState', params: [] },
      { jsonrpc: '2.0', id: 'c', method: 'eth_sendTransaction', params: [{}] },
    ])
    const answers = (await batch.json()) as { id: string; result?: unknown; error?: { message: string } }[]
    expect(answers.map((answer) => answer.id)).toEqual(['a', 'b', 'c'])
    expect(answers[0]!.result).toBe('0x1')
    expect(answers[1]!.error?.message).toMatch(/^Requested RPC call is not allowed/)
    expect(answers[2]!.error?.message).toMatch(/^Requested RPC call is not allowed/)
  })

  it('passes a bundler rejection back as a JSON-RPC error', async () => {
    const url = `${harness.api.url}/v1/bundler?chainId=eip155:1&projectId=app`
    const response = await post(url, {
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_getUserOperationReceipt',
      params: ['not a hash'],
    })
    const answer = (await response.json()) as { id: number; error?: { code: number } }
    expect(answer.id).toBe(7)
    expect(typeof answer.error?.code).toBe('number')
  })

  it('refuses an unknown project and a network without a bundler', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    const unknown = await post(`${harness.api.url}/v1/bundler?chainId=eip155:1&projectId=nobody`, body)
    expect([401, 403]).toContain(unknown.status)
    const noBundler = await post(`${harness.api.url}/v1/bundler?chainId=eip155:10&projectId=app`, body)
    expect(noBundler.status).toBe(400)
    expect(await noBundler.json()).toMatchObject({ code: 'NETWORK_NOT_SUPPORTED' })
  })

  it('carries a UserOperation that deploys a smart account, over the API alone', async () => {
    const network = (await projectNetworks()).find((candidate) => candidate.caipNetworkId === 'eip155:1')!
    const { chain, publicClient, owner, account } = await freshSmartAccount(network)
    // Funded straight on the devnet, and sent without a paymaster: the account pays its own gas.
    const devnet = harness.stack.chainsFile.networks.find(
      (candidate) => candidate.caipNetworkId === 'eip155:1',
    )!
    const funder = createWalletClient({
      chain: { ...chain, rpcUrls: devnet.rpcUrls },
      transport: http(),
      account: privateKeyToAccount((await import('@walletframe/devstack')).evmAccount(7).privateKey),
    })
    const funding = await funder.sendTransaction({ to: account.address, value: parseEther('1') })
    await publicClient.waitForTransactionReceipt({ hash: funding })

    const bundler = createBundlerClient({
      account,
      client: publicClient,
      transport: http(network.bundlerUrl),
    })
    const hash = await bundler.sendUserOperation({ calls: [{ to: owner.address, value: 1n }] })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(await account.isDeployed()).toBe(true)
  }, 60_000)
})
