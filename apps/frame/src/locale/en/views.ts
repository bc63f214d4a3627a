// The English messages of the views that load after Connect, in their own chunk. The keys here are
// the source: every catalog has exactly these. A message with parts is a function of them, so each
// language orders the parts its own way; a message that counts is a plural (locale/plural.ts).
import type { Plural } from '../plural.js'
import { errors } from './errors.js'
import { login } from './login.js'
import { pages } from './pages.js'
import { review } from './review.js'
import { security } from './security.js'

export const views = {
  notAvailable: (feature: string) => `${feature} is not available in this version of Walletframe.`,
  signInFeature: 'Sign in with a signed message',
  /** Stands where a QR code will be while its encoder loads. */
  drawingQr: 'Drawing QR code…',
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
  review,
  /** A request waiting for the connected wallet (WalletRequest). */
  walletRequest: {
    actions: {
      personal_sign: 'Sign a message',
      eth_signTypedData_v4: 'Sign typed data',
      eth_sendTransaction: 'Approve a transaction',
      wallet_switchEthereumChain: 'Switch network',
      wallet_addEthereumChain: 'Add a network',
    },
    noneWaiting: 'No request is waiting for the wallet.',
    yourWalletApp: 'your wallet app',
    openAndAnswer: (wallet: string) =>
      `Waiting for wallet… Open ${wallet} and approve or reject the request.`,
    open: (wallet: string) => `Open ${wallet}`,
    cancel: 'Cancel',
  },
  /** The forms that move funds: Send, Swap and Buy. */
  funds: {
    noAccount: 'No account is connected on this network.',
    amount: 'Amount',
    balance: (amount: string) => `Balance: ${amount}`,
    loadingBalances: 'Loading balances…',
    networkFee: 'Network fee',
    gettingQuote: 'Getting a quote…',
    youReceive: 'You receive',
  },
  send: {
    noTokens: (network: string) => `This account holds no tokens on ${network}.`,
    token: 'Token',
    to: 'To',
    solanaAddress: 'Solana address',
    addressOrName: '0x… address or name',
    estimatingFee: 'Estimating the network fee…',
    send: 'Send',
    sending: 'Sending…',
  },
  swap: {
    loadingTokens: 'Loading tokens…',
    from: 'From',
    to: 'To',
    switch: '⇅ Switch',
    selectToken: 'Select a token',
    review: 'Review swap',
    priceImpact: 'Price impact',
    providerFee: (percent: string) => `Provider fee (${percent})`,
    minimumReceived: (slippage: string) => `Minimum received (${slippage} slippage)`,
    chooseTokens: 'Choose the tokens to swap first.',
    approve: (symbol: string) => `Approve ${symbol}`,
    approving: 'Approving…',
    swap: 'Swap',
    swapping: 'Swapping…',
    preparing: 'Preparing the swap…',
  },
  receive: {
    qrAlt: (address: string) => `QR code of the address ${address}`,
    copy: 'Copy address',
    copied: 'Address copied',
    onlyOn: 'Only send assets on these networks to this address:',
  },
  buy: {
    feature: 'Buying crypto',
    loading: 'Loading what can be bought…',
    buy: 'Buy',
    payIn: 'Pay in',
    payWith: 'Pay with',
    methods: { card: 'Card', bank_account: 'Bank account' },
    subtotal: 'Subtotal',
    providerFee: 'Provider fee',
    total: 'Total',
    shownAtCheckout: 'Shown at checkout',
    waiting: 'Waiting for the checkout…',
    buySymbol: (symbol: string) => `Buy ${symbol}`,
    continue: 'Continue',
    purchases: 'Purchases',
    loadingPurchases: 'Loading purchases…',
    noPurchases: (network: string) =>
      `No purchases on ${network} yet. A purchase shows here once its transaction is confirmed.`,
    bought: 'Bought',
  },
  name: {
    feature: 'Name registration',
    choose: 'Choose a name',
    placeholder: 'your-name',
    taken: 'Taken',
    available: 'Available',
    checking: 'Checking the name…',
    register: 'Register',
    registering: 'Registering…',
    /** Follows the name, in bold. */
    isNowYours: ' is now the name of your account.',
    registered: 'Your name is registered.',
    backToAccount: 'Back to account',
  },
  /** The Account tabs' contents. */
  tabs: {
    noTokens: 'No tokens on this network yet.',
    loadingNfts: 'Loading NFTs…',
    nftsFailed: (reason: string) => `Could not load the NFTs of this account: ${reason}`,
    tryAgain: 'Try again',
    noNfts: 'No NFTs on this network yet.',
    loadingActivity: 'Loading activity…',
    noActivity: 'No activity on this network yet.',
    loading: 'Loading…',
    showMore: 'Show more',
    thisMonth: 'This month',
    operations: {
      send: 'Sent',
      receive: 'Received',
      trade: 'Swapped',
      mint: 'Minted',
      burn: 'Burned',
      execute: 'Contract call',
    },
    failed: (operation: string) => `${operation} (failed)`,
    tokenCount: { plural: { one: '# token', other: '# tokens' } } as Plural,
    nftCount: { plural: { one: '# NFT', other: '# NFTs' } } as Plural,
  },
  login,
  security,
  pages,
  errors,
}

export type ViewMessages = typeof views
