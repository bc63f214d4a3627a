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
export { domain as permit2Domain, permit2Address, permitSingleTypes } from './evm/permit2.js'
export { scammer, scamToken } from './evm/scams.js'
export { setBalance } from './evm/setBalance.js'
export { feePpm as swapFeePpm, feeRecipient as swapFeeRecipient } from './evm/swapFeeRouter.js'
export { idRegistryAddress as farcasterIdRegistryAddress } from './farcaster/IdRegistry.js'
export { relayAuthKey as farcasterRelayAuthKey, start as startFarcasterRelay } from './farcaster/Relay.js'
export { farcasterService } from './farcaster/service.js'
export {
  channelTokenOf as farcasterChannelTokenOf,
  FarcasterSignInError,
  signIn as farcasterSignIn,
} from './farcaster/TestClient.js'
export { type FarcasterUser, farcasterUser, farcasterUsers } from './farcaster/users.js'
export { type ImageSettings, imageSettings } from './imageSettings.js'
export { imagesService } from './images/service.js'
export { type LoginSettings, loginSettings } from './loginSettings.js'
export { type CaughtMail, start as startMailCatcher } from './mail/MailCatcher.js'
export { mailService } from './mail/service.js'
export {
  clientId as oauthClientId,
  settingsFor as oauthSettingsFor,
  start as startOAuthProvider,
} from './oidc/Provider.js'
export {
  type ProviderName as OAuthProviderName,
  providerNames as oauthProviderNames,
} from './oidc/profiles.js'
export { oauthService } from './oidc/service.js'
export { type FixtureUser as OAuthFixtureUser, fixtureUsers as oauthFixtureUsers } from './oidc/users.js'
export { fundingAddresses as onrampFundingAddresses } from './onramp/Funder.js'
export { type OnrampServer, type Order as OnrampOrder, start as startOnramp } from './onramp/Server.js'
export { onrampService } from './onramp/service.js'
export { start as startRelay } from './relay/Relay.js'
export { relayService } from './relay/service.js'
export { defaultChainsFile } from './repoRoot.js'
export type { Service } from './Service.js'
export { caipNetworkId as solanaCaipNetworkId, genesisHash as solanaGenesisHash } from './solana/constants.js'
export { testBalances as solanaTestBalances } from './solana/fixtures.js'
export { type BitcoinAccount, bitcoinMainnet } from './wallet/bitcoinKeys.js'
export { MemoryStorage } from './wallet/MemoryStorage.js'
export {
  type AnsweredRequest,
  create as createTestWallet,
  NoSessionError,
  type Proposal,
  type TestWallet,
  WalletClosedError,
} from './wallet/TestWallet.js'
