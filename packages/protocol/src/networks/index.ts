// `@walletframe/protocol/networks`: the built-in networks and the entries that name them. Kept off
// the root entry's public surface; the EVM part is generated from viem's chain definitions.
export { bitcoinNetworks } from './bitcoin.js'
export { builtinNetworks, getBuiltinNetwork } from './catalog.js'
export { evmNetworks } from './evm.js'
export {
  NetworkEntries,
  type NetworkEntriesInput,
  NetworkEntry,
  type NetworkEntryInput,
  resolveNetworks,
} from './NetworkEntry.js'
export { isBuiltinRpc, replaceDefaultRpcUrls } from './rpcUrls.js'
export { solanaNetworks } from './solana.js'
