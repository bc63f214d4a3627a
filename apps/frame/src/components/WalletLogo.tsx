// A registry wallet's logo: the API's cached copy of the registry's image when the frame has an API,
// else (and when that image fails to load) the wallet's letter tile, drawn without any request.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import { useState } from 'react'

export function WalletLogo(props: {
  wallet: Pick<RegistryWallet, 'imageUrl'>
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
      data-logo={logo ? 'image' : 'letters'}
      onError={() => setFailed(logo)}
    />
  )
}

/**
 * The registry's letter tile: an inline `data:` image (the registry file holds one per wallet). A
 * remote `imageUrl` is never loaded from the frame, which asks no third party for anything.
 */
export function letterTile(wallet: Pick<RegistryWallet, 'imageUrl'>): string | undefined {
  return wallet.imageUrl.startsWith('data:image/') ? wallet.imageUrl : undefined
}
