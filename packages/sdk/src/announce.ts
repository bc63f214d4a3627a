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
  // A "W" in the brand blue. %23 is '#': a raw one would end the URI at a fragment.
  icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 12 12'><path d='M2 3l2 7 2-5 2 5 2-7' fill='none' stroke='%2336d' stroke-width='2'/></svg>",
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
