// @walletframe/sdk/solana: the frame's Solana account as a wallet-standard wallet. The core entry
// bundles none of this.
export { clusters, fromCaip } from './chains.js'
export { register as registerWalletframeWallet } from './register.js'
export { type Features, WalletframeWallet } from './WalletframeWallet.js'
