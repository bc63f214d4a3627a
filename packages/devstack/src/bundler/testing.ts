// Test support for suites on the devnets' ERC-4337 stack: the devstack with its bundlers (and the
// paymaster service that comes with them), started before the suite and stopped after it, and viem
// clients on its first EVM network.
import type { ChainNetwork, ChainsFileNetwork } from '@walletframe/protocol/chains'
import {
  type Address,
  type Chain,
  createPublicClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
} from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { startDevstack } from '../Devstack.js'

export type Stack = Awaited<ReturnType<typeof startDevstack>>

/** The devstack with bundlers for the suite; read `stack` and `network` inside tests. */
export function bundlerStack() {
  let stack: Stack | undefined
  beforeAll(async () => {
    stack = await startDevstack({
      solana: false,
      relay: false,
      onramp: false,
      auth: false,
      bundler: true,
      quiet: true,
    })
  }, 120_000)
  afterAll(async () => {
    await stack?.stop()
  })
  const started = () => {
    if (!stack) throw new Error('bundlerStack: used before the suite started')
    return stack
  }
  return {
    get stack(): Stack {
      return started()
    },
    /** The first EVM network. */
    get network(): ChainsFileNetwork {
      return started().chainsFile.networks[0]!
    },
  }
}

/** A viem chain and public client for `network`, its multicall3 included. */
export function clientsOf(network: ChainNetwork): {
  chain: Chain
  publicClient: PublicClient<Transport, Chain>
} {
  const chain = defineChain({
    id: network.id as number,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    contracts: { multicall3: { address: network.contracts.multicall3 as Address } },
  })
  return { chain, publicClient: createPublicClient({ chain, transport: http() }) }
}
