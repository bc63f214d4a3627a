// Whether a network serves the embedded wallet's smart account, and the user's stored preference:
// small enough for the connector to use before the smart account's own module (viem's
// account-abstraction) loads, which it does only for a network that has one.
import type { AccountType, ChainNetwork } from '@walletframe/protocol'
import type { Storage } from '../../storage/Storage.js'

/** ERC-4337 EntryPoint v0.7, the one the smart account is built for. */
export const entryPointV07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/** An EVM network with a bundler (the API's proxy), the EntryPoint v0.7 and the account factory. */
export function isAvailable(network: ChainNetwork | undefined): network is ChainNetwork {
  if (network?.chainNamespace !== 'eip155') return false
  const entryPoint = network.contracts.entryPointV07 ?? entryPointV07
  return (
    typeof network.bundlerUrl === 'string' &&
    typeof network.contracts.smartAccountFactory === 'string' &&
    entryPoint.toLowerCase() === entryPointV07.toLowerCase()
  )
}

/** Where the preference is kept: frame storage where it has some, else memory for this page. */
export const preferenceKey = 'walletframe:preferredAccountType'

/** smartAccount by default on eip155; the user's choice once they made one. */
export function storedPreference(storage: Storage): AccountType {
  return storage.getItem(preferenceKey) === 'eoa' ? 'eoa' : 'smartAccount'
}

export function storePreference(storage: Storage, type: AccountType): void {
  storage.setItem(preferenceKey, type)
}
