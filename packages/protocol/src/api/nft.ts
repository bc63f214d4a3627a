// GET /v1/account/{address}/nfts: the ERC-721 tokens an address holds on one EVM network, with the
// name and image from each token's metadata. Collections the operator does not list are spam
// (`flags.is_spam`) and are left out of the answer; `spamRemoved` counts them.
import { CaipAddress, CaipNetworkId } from '../caip.js'
import * as z from '../internal/zod.js'
import { SdkQuery, text } from './common.js'

/** At most this many tokens are answered (the most recently received first). */
export const maxNftsPerAnswer = 200

/** An http(s) image URL is at most this long. */
export const maxNftImageUrlLength = 2_048
/** A `data:image/…` image (on-chain SVG art) is at most this long; a longer one is left out. */
export const maxNftDataImageLength = 32_768

export const NftQuery = z.extend(SdkQuery, {
  /** CAIP-2 id of the EVM network to read, e.g. `eip155:1`. */
  chainId: CaipNetworkId,
})
export type NftQuery = z.infer<typeof NftQuery>

export const Nft = z.object({
  chainId: CaipNetworkId,
  /** CAIP-10 id of the collection contract. */
  contract: CaipAddress,
  /** uint256 token id as decimal text. */
  tokenId: z.string().check(z.regex(/^\d{1,78}$/, 'a uint256 as decimal text')),
  /** The collection as the operator lists it. */
  collection: z.object({ name: text({ min: 1, max: 128 }), symbol: text({ min: 1, max: 32 }) }),
  /** The metadata's `name`, else `{collection} #{tokenId}`. */
  name: text({ min: 1, max: 256 }),
  description: z.nullable(text({ max: 2_000 })),
  /** An http(s) URL or a `data:image/…` URI; null when the metadata has none a browser can show. */
  image: z.nullable(text({ max: maxNftDataImageLength })),
  /** Whether the token's metadata (tokenURI) could be read; false leaves name and image as fallbacks. */
  hasMetadata: z.boolean(),
  /** Always false here: spam is removed, the flag says the token was vouched for. */
  flags: z.object({ is_spam: z.boolean() }),
})
export type Nft = z.infer<typeof Nft>

export const NftResponse = z.object({
  nfts: z.array(Nft).check(z.maxLength(maxNftsPerAnswer)),
  /** Tokens held from collections the network's config does not list: flagged spam, left out. */
  spamRemoved: z.int().check(z.minimum(0), z.maximum(1_000_000)),
})
export type NftResponse = z.infer<typeof NftResponse>
