// Public entry of @walletframe/devstack: start the local chains (and services) from code.
export { accountCount, evmAccount, solanaAccount, solanaKeypair, testMnemonic } from './accounts.js'
export { startDevstack } from './Devstack.js'
export {
  ChildProcessError,
  DevstackError,
  FixtureError,
  PortUnavailableError,
  RepoRootNotFoundError,
  StartTimeoutError,
} from './errors.js'
export { artifacts } from './evm/artifacts.js'
export {
  createAccountData as erc1271CreateAccountData,
  erc1271AccountFactoryAddress,
} from './evm/erc1271Account.js'
export {
  canonicalAddresses,
  nftHolders,
  spamNftCollection,
  spamNftHolders,
  testBalances as evmTestBalances,
} from './evm/fixtures.js'
export { start as startRelay } from './relay/Relay.js'
export { relayService } from './relay/service.js'
export { defaultChainsFile } from './repoRoot.js'
export type { Service } from './Service.js'
export { caipNetworkId as solanaCaipNetworkId, genesisHash as solanaGenesisHash } from './solana/constants.js'
export { testBalances as solanaTestBalances } from './solana/fixtures.js'
export { MemoryStorage } from './wallet/MemoryStorage.js'
export {
  type AnsweredRequest,
  create as createTestWallet,
  NoSessionError,
  type Proposal,
  type TestWallet,
  WalletClosedError,
} from './wallet/TestWallet.js'
