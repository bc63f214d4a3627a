// The API's image settings for a running devstack: wallet logos from the stand-in registry's image
// server and a token list of the fixture tokens with their icons there, as an operator would set them
// for a real registry and list. Empty when the stack runs without the image server.
import type { TokenList } from '@walletframe/protocol'
import type { ChainNetwork } from '@walletframe/protocol/chains'
import { tokenList } from './images/tokenList.js'

export type ImageSettings = { walletLogoUrl?: string; tokenList?: TokenList }

export function imageSettings(chainsFile: {
  networks: readonly ChainNetwork[]
  services: Record<string, string>
}): ImageSettings {
  const images = chainsFile.services.images
  if (!images) return {}
  return { walletLogoUrl: `${images}/wallets/{id}.svg`, tokenList: tokenList(chainsFile.networks, images) }
}
