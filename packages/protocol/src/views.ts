// The modal's views (SPEC §2). They are a view stack inside the frame, never URL routes.
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
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Networks',
  /** One wallet from the list: its deep link / universal link, with a QR fallback. */
  'ConnectingWalletConnect',
  /** A request waits for the connected wallet's answer; the user may cancel it. */
  'WalletRequest',
  /** Send a token of the active network (SPEC §4 token send). */
  'WalletSend',
  /** The address as a QR code, copy, and the networks it is valid on. */
  'WalletReceive',
] as const
export const ViewName = z.enum(viewNames)
export type ViewName = z.infer<typeof ViewName>
