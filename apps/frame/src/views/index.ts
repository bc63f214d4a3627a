// One component per view of SPEC §2, looked up by name from the view stack.
import type { ViewName } from '@walletframe/protocol'
import type { ComponentType } from 'react'
import { Account } from './Account.js'
import { AllWallets } from './AllWallets.js'
import { ApproveTransaction } from './ApproveTransaction.js'
import { Connect } from './Connect.js'
import { ConnectingFarcaster } from './ConnectingFarcaster.js'
import { ConnectingSiwe } from './ConnectingSiwe.js'
import { ConnectingWalletConnect } from './ConnectingWalletConnect.js'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic.js'
import { Networks } from './Networks.js'
import { RegisterAccountName } from './RegisterAccountName.js'
import { RegisterAccountNameSuccess } from './RegisterAccountNameSuccess.js'
import { SIWXSignMessage } from './SIWXSignMessage.js'
import { UnsupportedChain } from './UnsupportedChain.js'
import { WalletRequest } from './WalletRequest.js'

export const views: Record<ViewName, ComponentType> = {
  Connect,
  ConnectingSiwe,
  ConnectingFarcaster,
  UnsupportedChain,
  Account,
  AllWallets,
  ConnectingWalletConnectBasic,
  SIWXSignMessage,
  ApproveTransaction,
  RegisterAccountName,
  RegisterAccountNameSuccess,
  Networks,
  ConnectingWalletConnect,
  WalletRequest,
}
