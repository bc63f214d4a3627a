// A registry wallet's logo: the API's cached copy of the registry's image when the frame has an API,
// else (and when that image fails to load) the wallet's letter tile, drawn without any request.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { useState } from 'react'

export function WalletLogo(props: {
  wallet: Pick<RegistryWallet, 'name' | 'imageUrl'>
  /** The logo's URL (the API's image route); none: the letter tile. */
  src: string | undefined
  size: number
}) {
  // The source that failed, so a wallet whose logo URL changes gets its new logo a chance.
  const [failed, setFailed] = useState<string>()
  const logo = props.src !== undefined && props.src !== failed ? props.src : undefined
  return (
    <img
      src={logo ?? letterTile(props.wallet)}
      alt=""
      width={props.size}
      height={props.size}
      className="wf-wallet-logo"
      data-logo={logo ? 'image' : 'letters'}
      onError={() => setFailed(logo)}
    />
  )
}

/** The registry's own tile when it is inline (`data:`); never a remote image, which would be a third-party request. */
export function letterTile(wallet: Pick<RegistryWallet, 'name' | 'imageUrl'>): string {
  if (wallet.imageUrl.startsWith('data:image/')) return wallet.imageUrl
  const letters = wallet.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#64748b"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="600" fill="#fff" text-anchor="middle">${escapeXml(letters)}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
