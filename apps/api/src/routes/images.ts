// GET /v1/wallets/{walletId}/logo and GET /v1/tokens/{chainId}/{address}/icon: wallet logos and token icons
// read from their sources (the registry's image URL, the token list's logoURI) and served from the
// process's image cache, so the frame shows them without asking a third party. Only ids the registry
// or the configuration know are read: the routes are no open proxy. Public images like the registry
// itself, without a project: one cached response serves every project's frames.
import { isCaipNetworkId } from '@walletframe/protocol'
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import type { Context } from 'hono'
import { z } from 'zod'
import { ImageNotFoundError, ImageUnavailableError } from '../errors.js'
import { fetchImage, type Image } from '../images/fetchImage.js'
import * as ImageCache from '../images/ImageCache.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const WalletParams = z.object({ walletId: z.string().regex(/^[a-z0-9-]{1,64}$/, 'a registry wallet id') })
const TokenParams = z.object({
  chainId: z.string().max(64).refine(isCaipNetworkId, 'a CAIP-2 network id'),
  address: z.string().regex(/^[A-Za-z0-9]{1,128}$/, 'a token address'),
})
/** The body of an image response, as OpenAPI describes it. */
const ImageBytes = z.string().describe('PNG, JPEG, WebP or SVG bytes')

export const docs: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/wallets/{walletId}/logo',
    summary: "A registry wallet's logo, from the image cache",
    params: WalletParams,
    response: ImageBytes,
    errors: [400, 404, 429],
  },
  {
    method: 'get',
    path: '/v1/tokens/{chainId}/{address}/icon',
    summary: "A token's icon (the token list's or the network's), from the image cache",
    params: TokenParams,
    response: ImageBytes,
    errors: [400, 404, 429],
  },
]

export declare namespace register {
  type Options = {
    /** The wallets whose logos are served (the registry `GET /v1/wallets` serves). */
    wallets: readonly RegistryWallet[]
    fetch?: typeof fetch
  }
}

export function register(
  app: App,
  deps: Pick<Deps, 'config' | 'tokenIcons'>,
  options: register.Options,
): void {
  const settings = deps.config.options.images
  const cache = ImageCache.create({
    maxBytes: settings.cacheBytes,
    ttlMs: settings.ttlMs,
    failureTtlMs: settings.failureTtlMs,
  })
  const wallets = new Map(options.wallets.map((wallet) => [wallet.id, wallet]))
  const read = (source: string) =>
    cache.get(source, () =>
      fetchImage(source, {
        maxBytes: settings.maxBytes,
        timeoutMs: settings.timeoutMs,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    )

  app.get('/v1/wallets/:walletId/logo', async (c) => {
    const { walletId: id } = validate.params(c, WalletParams)
    const wallet = wallets.get(id)
    if (!wallet) throw new ImageNotFoundError(`the wallet ${id}`)
    const source = settings.walletLogoUrl
      ? settings.walletLogoUrl.replaceAll('{id}', encodeURIComponent(id))
      : wallet.imageUrl
    // The registry's own monograms are data: URLs, which the frame draws itself as the fallback tile.
    if (!/^https?:/.test(source)) throw new ImageUnavailableError('the registry has no logo for this wallet')
    return send(c, await read(source))
  })

  app.get('/v1/tokens/:chainId/:address/icon', async (c) => {
    const { chainId, address } = validate.params(c, TokenParams)
    const source = deps.tokenIcons.source(chainId, address)
    if (!source) throw new ImageNotFoundError(`the token ${chainId}:${address}`)
    return send(c, await read(source))
  })
}

function send(c: Context, image: Image): Response {
  return c.body(image.bytes, 200, {
    'content-type': image.contentType,
    'content-length': String(image.bytes.byteLength),
    'cache-control': 'public, max-age=86400',
    // The bytes are the source's: never sniffed into another type, and an SVG opened as a page
    // (not as an <img>, where scripts never run) runs nothing and loads nothing.
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    // The frame, on another site, shows them in <img>.
    'cross-origin-resource-policy': 'cross-origin',
  })
}
