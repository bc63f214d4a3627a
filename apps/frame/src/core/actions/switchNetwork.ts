// Switching the active network: the connector moves the wallet (or refuses with 4902),
// then the frame follows; leaving UnsupportedChain closes the modal. Crosses namespaces when the
// connection has accounts there (a WalletConnect session with Solana accounts).
import { type CaipNetworkId, UnrecognizedChainError } from '@walletframe/protocol'
import type { Core } from '../Core.js'
import * as Networks from '../networks.js'
import * as Navigation from './navigation.js'

export async function switchNetwork(
  core: Pick<Core, 'modal' | 'connection' | 'networks' | 'storage' | 'analytics'>,
  caipNetworkId: CaipNetworkId | string,
): Promise<void> {
  const network = core.networks.find(caipNetworkId)
  if (!network) throw new UnrecognizedChainError(caipNetworkId)
  await core.connection.connector()?.switchNetwork(network)
  core.networks.set((state) => ({ ...state, active: network, unsupported: undefined }))
  core.storage.setItem(Networks.storageKey, network.caipNetworkId)
  core.analytics.track({ event: 'SWITCH_NETWORK', properties: { network: network.caipNetworkId } })
  if (core.modal.get().open && Navigation.current(core) === 'UnsupportedChain') Navigation.close(core)
}
