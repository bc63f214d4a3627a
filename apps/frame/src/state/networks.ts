// The networks this host may use (its list, filtered to what the frame knows) and the active one.
import { type ChainNetwork, formatNetworkId, type NetworkState } from '@walletframe/protocol'
import * as Store from './store.js'

export type NetworksState = {
  readonly available: readonly ChainNetwork[]
  readonly active: ChainNetwork | undefined
  /** The wallet's chain when it is none of the available networks (UnsupportedChain). */
  readonly unsupportedChainId: number | undefined
}

/** Namespaces the frame has a chain adapter for. */
export const adapterNamespaces = new Set(['eip155', 'solana'])

export function create() {
  const store = Store.create<NetworksState>({
    available: [],
    active: undefined,
    unsupportedChainId: undefined,
  })
  return {
    ...store,
    find(caipNetworkId: string) {
      return store.get().available.find((network) => network.caipNetworkId === caipNetworkId)
    },
    findEvm(chainId: number) {
      return store
        .get()
        .available.find((network) => network.caipNetworkId === formatNetworkId('eip155', chainId))
    },
    hasAdapters() {
      return store.get().available.some((network) => adapterNamespaces.has(network.chainNamespace))
    },
  }
}
export type NetworksStore = ReturnType<typeof create>

export function hexChainId(network: ChainNetwork): string | undefined {
  return typeof network.id === 'number' ? `0x${network.id.toString(16)}` : undefined
}

/** The host-facing view of the network state. */
export function toNetworkState(state: NetworksState): NetworkState {
  if (state.unsupportedChainId !== undefined)
    return {
      caipNetworkId: formatNetworkId('eip155', state.unsupportedChainId),
      chainId: `0x${state.unsupportedChainId.toString(16)}`,
      supported: false,
    }
  const network = state.active
  if (!network) return { supported: false }
  const chainId = hexChainId(network)
  return {
    caipNetworkId: network.caipNetworkId,
    name: network.name,
    supported: true,
    ...(chainId ? { chainId } : {}),
  }
}
