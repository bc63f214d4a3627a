// The modal's views. They are a view stack inside the frame, never URL routes.
import * as z from './internal/zod.js'

export const viewNames = [
  'Connect',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'SIWXSignMessage',
  'ApproveTransaction',
  /** The review of a request before it goes to a browser wallet or WalletConnect: Continue or Reject. */
  'ReviewRequest',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Networks',
  /** One wallet from the list: its deep link / universal link, with a QR fallback. */
  'ConnectingWalletConnect',
  /** A request waits for the connected wallet's answer; the user may cancel it. */
  'WalletRequest',
  /** Send a token of the active network; once sent, the view goes to Account. */
  'WalletSend',
  /** The address as a QR code, copy, and the networks it is valid on. */
  'WalletReceive',
  /** Buy crypto through the on-ramp: amount, currencies, payment method, quote, checkout popup. */
  'WalletBuy',
  /** The account's on-ramp purchases on the active network (history?onramp=true). */
  'OnRampActivity',
  /** Swap tokens of the active EVM network: tokens, amount, quote. */
  'Swap',
  /** The swap to confirm: approve the token when needed, then swap; a failure goes back to Swap. */
  'SwapPreview',
  /** An email login changes its address: a code from the current mailbox, then one from the new. */
  'UpdateEmailWallet',
] as const
export const ViewName = z.enum(viewNames)
export type ViewName = z.infer<typeof ViewName>
