// Which EIP-1193 methods are read calls (answered by the chain's public RPC endpoint) and which
// need the wallet (signing, sending, and the wallet's own `wallet_` calls).
import { bitcoinMethods, evmReadMethods, isBitcoinMethod } from '@walletframe/protocol'

export const readMethods = new Set(evmReadMethods)

export const walletMethods = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
  // Solana sign methods go to the wallet too, on the active Solana network.
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  // Bitcoin methods go to the wallet on a Bitcoin network, under their WalletConnect names.
  ...bitcoinMethods,
])

export type Route = 'local' | 'chain' | 'wallet' | 'blocked'

/** Where a host request goes. Methods the frame answers itself are `local`. */
export function route(method: string): Route {
  if (method === 'eth_accounts' || method === 'eth_requestAccounts' || method === 'eth_chainId')
    return 'local'
  if (readMethods.has(method)) return 'chain'
  if (walletMethods.has(method)) return 'wallet'
  return 'blocked'
}

/** The chain family a wallet method belongs to. */
export function namespaceOf(method: string): 'eip155' | 'solana' | 'bip122' {
  if (isBitcoinMethod(method)) return 'bip122'
  return method.startsWith('solana_') ? 'solana' : 'eip155'
}
