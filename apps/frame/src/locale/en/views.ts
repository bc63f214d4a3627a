// The English messages of the views that load after Connect, in their own chunk. The keys here are
// the source: every catalog has exactly these. A message with parts is a function of them, so each
// language orders the parts its own way.

export const views = {
  notAvailable: (feature: string) => `${feature} is not available in this version of Walletframe.`,
  signInFeature: 'Sign in with a signed message',
  allWallets: {
    search: 'Search wallet',
    noMatch: (query: string) => `No wallet matches “${query}”.`,
    showMore: (count: string) => `Show more (${count})`,
    loading: 'Loading wallets…',
  },
  walletConnect: {
    preparing: 'Preparing a connection link…',
    scan: "Scan with your phone's wallet app, or copy the link into a wallet that is open.",
    tryAgain: 'Try again',
    continueIn: (wallet: string) => `Continue in ${wallet}.`,
    acceptIn: (wallet: string) => `Accept the connection request in ${wallet}.`,
    open: (wallet: string) => `Open ${wallet}`,
    preparingButton: 'Preparing…',
    notInstalled: (wallet: string) => `Don't have ${wallet}?`,
    getIt: 'Get it',
    useAnother: 'Use another wallet',
    showQr: 'Show QR instead',
  },
  siwx: {
    thisApp: 'This app',
    yourWallet: 'your wallet',
    /** Follows the app's name, in bold. */
    needsToConnect: ' needs to connect to your wallet',
    signToProve: (wallet: string) =>
      `Sign this message with ${wallet} to prove you own this account and continue.`,
    cancellingDisconnects: ' Cancelling will disconnect you.',
    cancel: 'Cancel',
    sign: 'Sign',
    signing: 'Signing…',
  },
  networks: {
    active: 'Active',
    unsupported: 'This app doesn’t support your current network. Switch to an available option to continue.',
  },
  account: {
    notConnected: 'No account is connected.',
    noAccountOn: (network: string) => `This wallet has no account on ${network}. Choose another network.`,
    noAccountHere: 'This wallet has no account on this network. Choose another network.',
    network: 'Network',
    unsupportedNetwork: 'Unsupported',
    features: { onramp: 'Buy', swaps: 'Swap', receive: 'Receive', send: 'Send' },
    tabsLabel: 'Account',
    tabs: { Tokens: 'Tokens', NFTs: 'NFTs', Activity: 'Activity' },
    disconnect: 'Disconnect',
    copyAddress: (address: string) => `Copy address ${address}`,
    chooseName: 'Choose a name',
    addEmail: 'Add email',
    updateEmail: 'Update email',
    /** The button's accessible name, with the address it changes. */
    updateEmailOf: (email: string) => `Update email (${email})`,
  },
}

export type ViewMessages = typeof views
