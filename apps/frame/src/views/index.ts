// One component per view of the modal (docs/view-stack.md), looked up by name from the view stack.
// Connect is in the first bundle (it paints when the modal first opens); every other view loads on
// first use.
import type { ViewName } from '@walletframe/protocol'
import { type ComponentType, lazy } from 'react'
import { Connect } from './Connect.js'

/** Views that paint without the query client (they must not read a query themselves). */
export const firstPaint: ReadonlySet<ViewName> = new Set(['Connect'])

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })))

export const views: Record<ViewName, ComponentType> = {
  Connect,
  ConnectingSiwe: named(() => import('./ConnectingSiwe.js'), 'ConnectingSiwe'),
  ConnectingFarcaster: named(() => import('./embedded/ConnectingFarcaster.js'), 'ConnectingFarcaster'),
  UnsupportedChain: named(() => import('./UnsupportedChain.js'), 'UnsupportedChain'),
  Account: named(() => import('./Account.js'), 'Account'),
  AllWallets: named(() => import('./AllWallets.js'), 'AllWallets'),
  ConnectingWalletConnectBasic: named(
    () => import('./ConnectingWalletConnectBasic.js'),
    'ConnectingWalletConnectBasic',
  ),
  SIWXSignMessage: named(() => import('./SIWXSignMessage.js'), 'SIWXSignMessage'),
  ApproveTransaction: named(() => import('./ApproveTransaction.js'), 'ApproveTransaction'),
  ReviewRequest: named(() => import('./ReviewRequest.js'), 'ReviewRequest'),
  RegisterAccountName: named(() => import('./RegisterAccountName.js'), 'RegisterAccountName'),
  RegisterAccountNameSuccess: named(
    () => import('./RegisterAccountNameSuccess.js'),
    'RegisterAccountNameSuccess',
  ),
  Networks: named(() => import('./Networks.js'), 'Networks'),
  ConnectingWalletConnect: named(() => import('./ConnectingWalletConnect.js'), 'ConnectingWalletConnect'),
  WalletRequest: named(() => import('./WalletRequest.js'), 'WalletRequest'),
  WalletSend: named(() => import('./WalletSend.js'), 'WalletSend'),
  WalletReceive: named(() => import('./WalletReceive.js'), 'WalletReceive'),
  Swap: named(() => import('./Swap.js'), 'Swap'),
  SwapPreview: named(() => import('./SwapPreview.js'), 'SwapPreview'),
  WalletBuy: named(() => import('./WalletBuy.js'), 'WalletBuy'),
  OnRampActivity: named(() => import('./OnRampActivity.js'), 'OnRampActivity'),
  UpdateEmailWallet: named(() => import('./embedded/UpdateEmailWallet.js'), 'UpdateEmailWallet'),
}
