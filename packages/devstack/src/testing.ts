// Test support for suites on the devnets (@walletframe/devstack/testing): the devstack's chains —
// with each one's ERC-4337 bundler and the paymaster service when asked — started before the suite
// and stopped after it, viem clients on its networks, and fresh smart accounts on its factory.
// The devstack itself is imported when a suite starts it: suites that only use the clients (the
// API's database tests share a module with them) need not pay its load.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ChainNetwork, ChainsFile, ChainsFileNetwork } from '@walletframe/protocol/chains'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import {
  type entryPoint07Abi,
  type ToSoladySmartAccountReturnType,
  toSoladySmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll } from 'vitest'
import type { startDevstack } from './Devstack.js'
import { ownerSalt } from './evm/smartAccount.js'

export { setBalance } from './evm/setBalance.js'
export { writeWithMargin } from './evm/writeWithMargin.js'

export type Stack = Awaited<ReturnType<typeof startDevstack>>

export declare namespace devnets {
  type Options = {
    /** Start each chain's ERC-4337 bundler and the ERC-7677 paymaster service too (default false). */
    bundler?: boolean
    /** Start the Solana RPC too (default false). */
    solana?: boolean
  }
  type ReturnType = {
    readonly stack: Stack
    readonly chainsFile: ChainsFile
    /** The first EVM network. */
    readonly network: ChainsFileNetwork
    /** The EVM network of chain `id` (1 and 8453 on the devstack). */
    networkOf(id: number): ChainsFileNetwork
    /** A public client on chain `id`, made once per suite. */
    clientOf(id: number): PublicClient<Transport, Chain>
  }
}

/**
 * The devstack's EVM chains for the suite, started in its beforeAll (the relay, the on-ramp and the
 * login stand-ins left out); read the getters inside tests. Hooks a suite adds after this call run
 * after the start and before the stop.
 */
export function devnets(options: devnets.Options = {}): devnets.ReturnType {
  let stack: Stack | undefined
  const clients = new Map<number, PublicClient<Transport, Chain>>()
  beforeAll(async () => {
    const { startDevstack } = await import('./Devstack.js')
    stack = await startDevstack({
      solana: options.solana ?? false,
      relay: false,
      onramp: false,
      auth: false,
      bundler: options.bundler ?? false,
      quiet: true,
    })
  }, 120_000)
  afterAll(async () => {
    await stack?.stop()
  })
  const started = () => {
    if (!stack) throw new Error('devnets: used before the suite started')
    return stack
  }
  const networkOf = (id: number) => {
    const network = started().chainsFile.networks.find((candidate) => candidate.id === id)
    if (!network) throw new Error(`devnets: no network of chain ${id}`)
    return network
  }
  return {
    get stack() {
      return started()
    },
    get chainsFile() {
      return started().chainsFile
    },
    get network() {
      return started().chainsFile.networks[0]!
    },
    networkOf,
    clientOf(id) {
      let client = clients.get(id)
      if (!client) {
        client = clientsOf(networkOf(id)).publicClient
        clients.set(id, client)
      }
      return client
    },
  }
}

/** The devstack's chains with their bundlers and the paymaster service, for the suite. */
export const bundlerStack = (): devnets.ReturnType => devnets({ bundler: true })

/** A viem chain and public client for `network` (its multicall3 included where it names one). */
export function clientsOf(network: ChainNetwork): {
  chain: Chain
  publicClient: PublicClient<Transport, Chain>
} {
  const multicall3 = network.contracts.multicall3 as Address | undefined
  const chain = defineChain({
    id: network.id as number,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(multicall3 ? { contracts: { multicall3: { address: multicall3 } } } : {}),
  })
  return { chain, publicClient: createPublicClient({ chain, transport: http() }) }
}

/** A wallet client on `network` for the chains file's test account `index` (prefunded on the devnets). */
export function testWallet(
  chainsFile: Pick<ChainsFile, 'accounts'>,
  network: ChainNetwork,
  index: number,
): WalletClient<Transport, Chain, PrivateKeyAccount> {
  const account = privateKeyToAccount(chainsFile.accounts.evm[index]!.privateKey as Hex)
  return createWalletClient({ chain: clientsOf(network).chain, transport: http(), account })
}

/**
 * A fresh owner's counterfactual smart account on `network`'s smart-account factory, with viem clients
 * on the network's RPC (the devnet's, or the API's proxy as a project config names it).
 */
export async function freshSmartAccount(network: ChainNetwork): Promise<{
  chain: Chain
  publicClient: PublicClient<Transport, Chain>
  owner: PrivateKeyAccount
  account: ToSoladySmartAccountReturnType<typeof entryPoint07Abi, '0.7'>
}> {
  const { chain, publicClient } = clientsOf(network)
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSoladySmartAccount({
    client: publicClient,
    owner,
    factoryAddress: network.contracts.smartAccountFactory as Address,
    salt: ownerSalt(owner.address),
  })
  return { chain, publicClient, owner, account }
}

/**
 * One JSON-RPC URL on 127.0.0.1 for `network`'s bundler and its ERC-7677 paymaster service, as the
 * API's bundler proxy is for the frame: pm_ methods go to the paymaster (which signs whatever it is
 * asked; no project policy in front of it), the rest to the bundler. Needs a bundler stack.
 */
export async function sponsoringBundler(
  network: Pick<ChainsFileNetwork, 'bundlerUrl' | 'paymasterUrl'>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { bundlerUrl, paymasterUrl } = network
  if (typeof bundlerUrl !== 'string' || typeof paymasterUrl !== 'string')
    throw new Error('sponsoringBundler: the network has no bundler or paymaster')
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      const { method } = JSON.parse(body) as { method?: unknown }
      const to = typeof method === 'string' && method.startsWith('pm_') ? paymasterUrl : bundlerUrl
      const answer = await fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    } catch (error) {
      response.writeHead(502)
      response.end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
