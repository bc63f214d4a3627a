// One ERC-4337 bundler per EVM devnet, started side by side once the chains have their fixtures
// (the EntryPoint must be there): each network in the chains file gets its `bundlerUrl`.
import type { ChainNetwork } from '@walletframe/protocol/chains'
import type { ChildProcessError } from '../errors.js'
import * as Alto from './Alto.js'

export type Running = {
  /** The networks, the EVM ones with their `bundlerUrl`. */
  networks: ChainNetwork[]
  bundlers: readonly Alto.Bundler[]
  stop(): Promise<void>
}

export async function startFor(
  networks: readonly ChainNetwork[],
  options: { onCrash?: (error: ChildProcessError) => void } = {},
): Promise<Running> {
  const evm = networks.filter((network) => network.chainNamespace === 'eip155')
  const settled = await Promise.allSettled(
    evm.map((network) =>
      Alto.start({
        chainId: network.id as number,
        rpcUrl: network.rpcUrls.default.http[0] as string,
        ...(options.onCrash ? { onCrash: options.onCrash } : {}),
      }),
    ),
  )
  const bundlers = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.allSettled(bundlers.map((bundler) => bundler.stop()))
  }
  const failed = settled.find((result) => result.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  const urlOf = new Map(bundlers.map((bundler) => [bundler.chainId, bundler.url]))
  return {
    networks: networks.map((network) => {
      const url = network.chainNamespace === 'eip155' ? urlOf.get(network.id as number) : undefined
      return url ? { ...network, bundlerUrl: url } : network
    }),
    bundlers,
    stop,
  }
}
