// @walletframe/sdk/wagmi: the wagmi connector. @wagmi/core and viem are the host's own (peer
// dependencies); the core entry bundles none of this.
export { walletframe } from './walletframe.js'
