// EIP-6963 announcement of the Walletframe provider, so dapps and libraries that discover wallets
// (wagmi, web3modal, …) list it. https://eips.ethereum.org/EIPS/eip-6963
export type ProviderInfo = {
  /** UUIDv4, unique per page session. */
  uuid: string
  name: string
  /** A data URI (RFC 2397). */
  icon: string
  /** Reverse-DNS identifier. */
  rdns: string
}

export const info = {
  name: 'Walletframe',
  rdns: 'app.walletframe',
  // The brand blue, as the smallest valid icon (the SDK's core has a byte budget): the root's
  // background fills whatever box a wallet list draws it in, at any size or aspect. %23 is '#': a
  // raw one would end the URI at a fragment.
  icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' style='background:%2336d'/>",
} as const

export type Options = {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>
  uuid: string
  provider: object
}

/** Announces now and on every `eip6963:requestProvider`; returns the function that stops it. */
export function announce({ window, uuid, provider }: Options): () => void {
  const detail = Object.freeze({ info: Object.freeze({ uuid, ...info }), provider })
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', send)
  send()
  return () => window.removeEventListener('eip6963:requestProvider', send)
}
