// Registers the Walletframe wallet with wallet-standard apps on this page (getWallets(), the Solana
// wallet adapter): now, and for any app that starts later.
import { registerWallet } from '@wallet-standard/wallet'
import type { Walletframe } from '../createWalletframe.js'
import { WalletframeWallet } from './WalletframeWallet.js'

export declare namespace register {
  type Options = {
    /** The page's Walletframe instance (`createWalletframe`). */
    instance: Walletframe
  }
}

/** Registers the wallet and returns it. */
export function register({ instance }: register.Options): WalletframeWallet {
  const wallet = new WalletframeWallet(instance)
  registerWallet(wallet)
  return wallet
}
