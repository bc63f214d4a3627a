// A sign-in session (data, message, signature, cacao): the CAIP-122 ("Sign in With X") fields
// an account signed, the message text the wallet signed, the signature and, when the wallet returned
// one, the CAIP-74 CACAO. The frame creates it, the API stores it, a host's backend verifies it
// (`@walletframe/sdk/server`). https://chainagnostic.org/CAIPs/caip-122 , https://chainagnostic.org/CAIPs/caip-74
import { text } from './api/common.js'
import { CaipNetworkId } from './caip.js'
import * as z from './internal/zod.js'

// Bounds: generous for any real message, small enough that a stored session or a verify request
// stays a few kilobytes.
const maxUriLength = 2048
const maxResources = 64

/** An RFC 3339 date-time (`2021-09-30T16:25:24Z`, optional fraction, `Z` or an offset). */
export const SignInTimestamp = z.iso.datetime({ offset: true })

/** An RFC 3986 URI: a scheme, `:`, and no whitespace. */
const Uri = text({ min: 1, max: maxUriLength }).check(
  z.regex(
    /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/,
    'Invalid URI (expected an RFC 3986 URI such as https://app.example)',
  ),
)

/** CAIP-122's data model, named as AppKit's SIWX names it (`accountAddress`, camelCase times). */
export const SignInData = z.object({
  /**
   * CAIP-122 `type`: the signature type as the namespace defines it (eip155: `eip191`, `eip1271`;
   * solana: `ed25519`). Informational: a verifier follows the account, e.g. viem checks EOAs, ERC-1271
   * and ERC-6492 accounts alike.
   */
  type: z.optional(text({ min: 1, max: 32 })),
  /** RFC 4501 authority requesting the sign-in: the host page's host[:port]. */
  domain: text({ min: 1, max: 255 }),
  /** The account's address in its namespace's form (eip155: 0x…, solana: base58); not CAIP-10. */
  accountAddress: text({ min: 1, max: 128 }),
  /** The resource the sign-in is for: the host page's origin or a URL under it. */
  uri: Uri,
  /** The message format's version; `1` for EIP-4361 and Sign In With Solana. */
  version: text({ min: 1, max: 16 }),
  /** The chain the account signed for (CAIP-2); also the namespace that says how to verify it. */
  chainId: CaipNetworkId,
  /** Single use, from the API; EIP-4361 and SIWS both require at least 8 alphanumerics. */
  nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,128}$/, 'Invalid nonce (8 to 128 letters and digits)')),
  issuedAt: SignInTimestamp,
  expirationTime: z.optional(SignInTimestamp),
  notBefore: z.optional(SignInTimestamp),
  /** Human-readable assertion; CAIP-122 forbids line breaks in it. */
  statement: z.optional(
    text({ max: 1024 }).check(z.regex(/^[^\n\r]*$/, 'The statement must not contain line breaks')),
  ),
  requestId: z.optional(text({ max: 256 })),
  resources: z.optional(z.array(Uri).check(z.maxLength(maxResources))),
})
export type SignInData = z.infer<typeof SignInData>

/** CAIP-74 CACAO: header (payload format), payload (the CAIP-122 fields) and signature. */
export const Cacao = z.object({
  /** `t`: the payload format, `eip4361` for eip155 (WalletConnect also sends `caip122`). */
  h: z.object({ t: text({ min: 1, max: 32 }) }),
  p: z.object({
    domain: text({ min: 1, max: 255 }),
    /** did:pkh of the account: `did:pkh:<CAIP-10 account id>`. */
    iss: text({ min: 1, max: 256 }).check(z.startsWith('did:pkh:', 'Invalid issuer (expected did:pkh:…)')),
    /** The URI of CAIP-122. */
    aud: Uri,
    version: text({ min: 1, max: 16 }),
    nonce: text({ min: 1, max: 128 }),
    iat: SignInTimestamp,
    nbf: z.optional(SignInTimestamp),
    exp: z.optional(SignInTimestamp),
    statement: z.optional(text({ max: 1024 })),
    requestId: z.optional(text({ max: 256 })),
    resources: z.optional(z.array(Uri).check(z.maxLength(maxResources))),
  }),
  s: z.object({
    /** How to verify: `eip191` (EOA), `eip1271` (contract account), `eip6492`, … */
    t: text({ min: 1, max: 32 }),
    s: text({ min: 1, max: 16_384 }),
    m: z.optional(text({ max: 4096 })),
  }),
})
export type Cacao = z.infer<typeof Cacao>

export const SignInSession = z.object({
  data: SignInData,
  /** The exact text the wallet signed (EIP-4361 on eip155, Sign In With Solana on solana). */
  message: text({ min: 1, max: 16_384 }),
  /**
   * eip155: 0x-hex, as the wallet returned it (65 bytes for an EOA; longer for contract accounts and
   * ERC-6492 wrappers). solana: base58 of the 64-byte ed25519 signature.
   */
  signature: text({ min: 1, max: 16_384 }),
  cacao: z.optional(Cacao),
})
export type SignInSession = z.infer<typeof SignInSession>

/**
 * A session as the frame keeps it between reloads: the API's id, the key that revokes it, and what
 * was signed. Read back from storage (possibly the host page's), so parsed before use.
 */
export const StoredSignIn = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/)),
  revocationKey: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  session: SignInSession,
})
export type StoredSignIn = z.infer<typeof StoredSignIn>
