'use client'
// @walletframe/sdk/react: a provider and hooks over a Walletframe instance, safe to render on the
// server (every hook has a server snapshot). react is the host's own (a peer dependency). 'use client':
// React Server Components frameworks render the provider and hooks on the client side of the tree.
export {
  initialState,
  type ModalControls,
  NotMountedError,
  useWalletframe,
  useWalletframeModal,
  useWalletframeNetwork,
  useWalletframeSiwx,
  useWalletframeState,
} from './hooks.js'
export { type Props as WalletframeProviderProps, WalletframeProvider } from './WalletframeProvider.js'
