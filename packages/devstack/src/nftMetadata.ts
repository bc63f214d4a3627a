// Serves ERC-721 token metadata and images for the fixture collections, so tokenURI() resolves without
// the internet: GET /nft/<chainId>/<tokenId> -> JSON, GET /nft/<chainId>/<tokenId>.svg -> image; the
// unlisted (spam) collection the same under /spam/.
import { createServer, type Server } from 'node:http'
import { nftCollection, spamNftCollection } from './evm/fixtures.js'
import { listenLocal } from './internal/listenLocal.js'

export type NftMetadataServer = {
  url: string
  /** The listed collection's base URI on a chain. */
  baseUri(chainId: number): string
  /** The spam collection's base URI on a chain. */
  spamBaseUri(chainId: number): string
  stop(): Promise<void>
}

const palette = ['#6366f1', '#f97316', '#10b981', '#e11d48', '#0ea5e9', '#a855f7']

const collections = { nft: nftCollection, spam: spamNftCollection } as const

function image(chainId: number, tokenId: number, kind: keyof typeof collections): string {
  const color = kind === 'spam' ? '#facc15' : palette[tokenId % palette.length]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="${color}"/><text x="256" y="280" font-family="sans-serif" font-size="96" fill="#fff" text-anchor="middle">#${tokenId}</text><text x="256" y="460" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">chain ${chainId}</text></svg>`
}

export async function start(): Promise<NftMetadataServer> {
  // Known once the server listens; the handler runs only after that.
  let url = ''
  const server: Server = createServer((request, response) => {
    const match = /^\/(nft|spam)\/(\d+)\/(\d+)(\.svg)?$/.exec(
      new URL(request.url ?? '/', 'http://localhost').pathname,
    )
    // Wallet UIs fetch these from the frame origin, so allow any origin.
    response.setHeader('access-control-allow-origin', '*')
    if (request.method !== 'GET' || !match) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    const kind = match[1] as keyof typeof collections
    const chainId = Number(match[2])
    const tokenId = Number(match[3])
    if (match[4]) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(image(chainId, tokenId, kind))
      return
    }
    const body = {
      name: `${collections[kind].name} #${tokenId}`,
      description:
        kind === 'spam'
          ? 'You have been selected! Claim your reward at the site in the image.'
          : `Fixture NFT ${tokenId} of the Walletframe devstack (chain ${chainId}).`,
      image: `${url}/${kind}/${chainId}/${tokenId}.svg`,
      attributes: [{ trait_type: 'Color', value: palette[tokenId % palette.length] }],
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  const listening = await listenLocal(server)
  url = listening.url
  return {
    url,
    baseUri: (chainId) => `${url}/nft/${chainId}/`,
    spamBaseUri: (chainId) => `${url}/spam/${chainId}/`,
    stop: listening.stop,
  }
}
