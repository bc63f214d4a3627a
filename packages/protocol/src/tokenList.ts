// A token list in the Uniswap token-list shape (https://tokenlists.org): what an operator configures
// for the API to find token icons (`logoURI`) by chain id and address. Only the fields read are checked
// strictly; a list's extra fields (tags, extensions) pass through unread.
import * as z from './internal/zod.js'

export const TokenListToken = z.object({
  /** EIP-155 chain id. */
  chainId: z.int().check(z.positive()),
  address: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.maxLength(200)),
  symbol: z.string().check(z.maxLength(64)),
  decimals: z.int().check(z.minimum(0), z.maximum(255)),
  logoURI: z.optional(z.url()),
})
export type TokenListToken = z.infer<typeof TokenListToken>

export const TokenList = z.object({
  name: z.string(),
  timestamp: z.optional(z.string()),
  version: z.optional(z.object({ major: z.int(), minor: z.int(), patch: z.int() })),
  /** Lists in use hold a few thousand tokens; a far larger one is a mistake, refused at load. */
  tokens: z.array(TokenListToken).check(z.maxLength(50_000)),
})
export type TokenList = z.infer<typeof TokenList>
