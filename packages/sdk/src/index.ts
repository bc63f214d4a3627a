// @walletframe/sdk: the host SDK. Stays a few kilobytes: no zod, no framework, no dependencies
// besides the protocol's guards (loaded with import() as an instance starts) and error classes.
export type {
  AccountState,
  CaipAddress,
  CaipNetworkId,
  NetworkState,
  SiwxSession,
  ThemeMode,
  ThemeVariables,
  ViewName,
} from '@walletframe/protocol'
// The classes the SDK rejects with; errors the frame or a wallet sends arrive as ProviderRpcError.
export {
  FrameUnavailableError,
  InvalidAppConfigurationError,
  InvalidParamsError,
  ProviderRpcError,
  TimeoutError,
  UnrecognizedChainError,
} from '@walletframe/protocol/errors'
export {
  createWalletframe,
  type Options as WalletframeOptions,
  type State as WalletframeState,
  type Walletframe,
} from './createWalletframe.js'
export type {
  EventMap as ProviderEventMap,
  Provider as WalletframeProvider,
  RequestArguments,
} from './Provider.js'
export { version } from './version.js'
