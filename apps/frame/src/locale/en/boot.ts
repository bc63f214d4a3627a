// The English messages of what paints before Connect: the modal's chrome, the view titles and
// Connect. They ship in the boot chunk (as these texts did inline); every other locale's copy loads
// on demand. The keys here are the source: every catalog has exactly these.
import type { ViewName } from '@walletframe/protocol'

export const boot = {
  back: 'Back',
  close: 'Close',
  /** Hides the notification banner. */
  dismiss: 'Dismiss',
  loading: 'Loading…',
  titles: {
    Connect: 'Connect Wallet',
    ConnectingSiwe: 'Sign In',
    ConnectingFarcaster: 'Farcaster',
    UnsupportedChain: 'Switch Network',
    Account: 'Account',
    AllWallets: 'All Wallets',
    ConnectingWalletConnectBasic: 'Connect Wallet',
    SIWXSignMessage: 'Sign In',
    ApproveTransaction: 'Approve Transaction',
    ReviewRequest: 'Review Request',
    RegisterAccountName: 'Choose Name',
    RegisterAccountNameSuccess: 'Name Registered',
    Networks: 'Choose Network',
    ConnectingWalletConnect: 'Open Wallet',
    WalletRequest: 'Waiting for Wallet',
    WalletSend: 'Send',
    WalletReceive: 'Receive',
    Swap: 'Swap',
    SwapPreview: 'Review Swap',
    WalletBuy: 'Buy',
    OnRampActivity: 'Purchases',
    UpdateEmailWallet: 'Update Email',
  } satisfies Record<ViewName, string>,
  connect: {
    qrCode: 'QR code',
    recent: 'Recent',
    browserWallets: 'Browser wallets',
    connecting: 'Connecting…',
    installed: 'Installed',
    noWallets:
      'No browser wallet was found on this page. Install a wallet extension, then open this window again.',
    lookingForWallets: 'Looking for wallets…',
    allWallets: 'All Wallets',
  },
  /** Email, social and passkey login's first screen (it stands in, inert, while the login loads). */
  login: {
    region: 'Email and social login',
    legal: 'I agree to the Terms of Service and the Privacy Policy',
    email: 'Email',
    sending: 'Sending…',
    continueWithEmail: 'Continue with email',
    social: 'Social login',
    continueWith: (provider: string) => `Continue with ${provider}`,
    passkey: 'Passkey',
    continueWithPasskey: 'Continue with a passkey',
    createWithPasskey: 'New here? Create a wallet with a passkey',
  },
}

export type BootMessages = typeof boot
