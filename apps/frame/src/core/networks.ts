// The networks this host may use (its list, filtered to what the frame knows), the active one,
// and the network a wallet is on when it is none of them (UnsupportedChain).
import {
  type CaipNetworkId,
  type ChainNetwork,
  type NetworkState,
  parseNetworkId,
} from '@walletframe/protocol'
import * as Store from '../lib/store.js'

export type NetworksState = {
  readonly available: readonly ChainNetwork[]
  readonly active: ChainNetwork | undefined
  /** The wallet's network when it is none of the available ones (UnsupportedChain). */
  readonly unsupported: CaipNetworkId | undefined
}

/**
 * Namespaces the frame has a chain adapter for. With none for the host's networks and no account
 * connected, the modal opens on the wallet list (mobile) or the WalletConnect QR code.
 */
export const adapterNamespaces = new Set(['eip155', 'solana'])

export const storageKey = 'walletframe:activeNetwork'

export function create() {
  const store = Store.create<NetworksState>({ available: [], active: undefined, unsupported: undefined })
  return {
    ...store,
    find(caipNetworkId: string): ChainNetwork | undefined {
      return store.get().available.find((network) => network.caipNetworkId === caipNetworkId)
    },
    hasAdapters(): boolean {
      return store.get().available.some((network) => adapterNamespaces.has(network.chainNamespace))
    },
  }
}
export type NetworksStore = ReturnType<typeof create>

export function hexChainId(network: Pick<ChainNetwork, 'id'>): `0x${string}` | undefined {
  return typeof network.id === 'number' ? `0x${network.id.toString(16)}` : undefined
}

/** The host-facing view of the network state. `chainId` is EIP-1193's: eip155 networks only. */
export function toNetworkState(state: NetworksState): NetworkState {
  if (state.unsupported !== undefined) {
    const { namespace, reference } = parseNetworkId(state.unsupported)
    const chainId = namespace === 'eip155' ? `0x${Number(reference).toString(16)}` : undefined
    return { caipNetworkId: state.unsupported, supported: false, ...(chainId ? { chainId } : {}) }
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
