// Links that open a wallet app with a pairing URI: universal links (`https://…/wc?uri=`) and native
// schemes (`scheme://wc?uri=`), as WalletConnect wallets expect them.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'

export function universalLink(base: string, wcUri: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}wc?uri=${encodeURIComponent(wcUri)}`
}

export function nativeLink(scheme: string, wcUri: string): string {
  // Registries write schemes as `metamask:`, `metamask://` or `okex://main`; normalise to `…/`.
  let base = scheme.includes('://') ? scheme : `${scheme.replaceAll(':', '').replaceAll('/', '')}://`
  if (!base.endsWith('/')) base += '/'
  return `${base}wc?uri=${encodeURIComponent(wcUri)}`
}

/**
 * The link to open `wallet` with: the universal link when it has one (it falls back to the app
 * store page when the app is missing, where a scheme would fail silently), else its scheme.
 */
export function forWallet(
  wallet: Pick<RegistryWallet, 'universalLink' | 'mobileLink'>,
  wcUri: string,
): string | undefined {
  if (wallet.universalLink) return universalLink(wallet.universalLink, wcUri)
  if (wallet.mobileLink) return nativeLink(wallet.mobileLink, wcUri)
  return undefined
}

/**
 * The link that brings a paired wallet app to the front for a request: its connect link without the
 * pairing URI (wallets open on `…/wc` and show the pending request of the session).
 */
export function forRequest(connectLink: string): string {
  const index = connectLink.indexOf('?')
  return index === -1 ? connectLink : connectLink.slice(0, index)
}
