// Sign In With Solana: the wallet-standard `solana:signIn` message, verified with
// @solana/wallet-standard-util's verifySignIn (the message must be exactly what the standard builds
// from its fields, and the ed25519 signature the address's). Loaded on first use so that hosts that
// only verify eip155 sessions need not install it.
// https://github.com/phantom/sign-in-with-solana
import type { SignInSession } from '@walletframe/protocol'
import { SessionVerificationError } from '../SessionVerificationError.js'
import * as Base58 from './base58.js'
import type { Claim } from './claim.js'
import { isRfc3339 } from './formats.js'

type Util = typeof import('@solana/wallet-standard-util')
type SignInOutput = Parameters<Util['verifySignIn']>[1]

/** CAIP-2 references (genesis-hash prefixes) of the clusters wallets name by name in SIWS messages. */
const clusterReferences: Record<string, string> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/**
 * The message's Chain ID as CAIP-2. Wallets write it as a cluster name (`mainnet`), the wallet-standard
 * chain (`solana:mainnet`), or a CAIP-2 id or reference; all name the same chain.
 */
export function caipNetworkId(chainId: string): string {
  const reference = chainId.startsWith('solana:') ? chainId.slice('solana:'.length) : chainId
  return `solana:${clusterReferences[reference] ?? reference}`
}

export async function load(): Promise<Util> {
  try {
    return await import('@solana/wallet-standard-util')
  } catch (error) {
    throw new SessionVerificationError(
      'UNSUPPORTED_NAMESPACE',
      'Verifying Sign In With Solana needs @solana/wallet-standard-util: npm install @solana/wallet-standard-util',
      { cause: error },
    )
  }
}

/** The claim of a SIWS message; it must carry every field a session requires. */
export function claim(util: Util, session: SignInSession): Claim {
  const parsed = util.parseSignInMessageText(session.message)
  if (!parsed) throw new SessionVerificationError('MALFORMED', 'Not a Sign In With Solana message')
  const { uri, version, chainId, nonce, issuedAt } = parsed
  if (!uri || !version || !chainId || !nonce || !issuedAt)
    throw new SessionVerificationError(
      'MALFORMED',
      'A sign-in session needs the message to name a URI, Version, Chain ID, Nonce and Issued At',
    )
  if (version !== '1') throw new SessionVerificationError('MALFORMED', 'The version must be 1')
  for (const value of [issuedAt, parsed.expirationTime, parsed.notBefore])
    if (value !== undefined && !isRfc3339(value))
      throw new SessionVerificationError('MALFORMED', `"${value}" is not an RFC 3339 date-time`)
  // 32-byte keys and 64-byte signatures are at most 44 and 88 base58 characters; bounding the length
  // first keeps the decoder's work fixed whatever a caller sends.
  if (parsed.address.length > 44 || Base58.decode(parsed.address)?.length !== 32)
    throw new SessionVerificationError('MALFORMED', 'The address is not a base58 ed25519 public key')
  if (session.signature.length > 88 || Base58.decode(session.signature)?.length !== 64)
    throw new SessionVerificationError('MALFORMED', 'A solana signature must be base58 of 64 bytes')
  return {
    domain: parsed.domain,
    address: parsed.address,
    uri,
    version,
    chainId: caipNetworkId(chainId) as Claim['chainId'],
    nonce,
    issuedAt,
    ...(parsed.expirationTime !== undefined ? { expirationTime: parsed.expirationTime } : {}),
    ...(parsed.notBefore !== undefined ? { notBefore: parsed.notBefore } : {}),
    ...(parsed.statement !== undefined ? { statement: parsed.statement } : {}),
    ...(parsed.requestId !== undefined ? { requestId: parsed.requestId } : {}),
    ...(parsed.resources !== undefined ? { resources: parsed.resources } : {}),
  }
}

export function sameAddress(a: string, b: string): boolean {
  return a === b
}

export function verifySignature(util: Util, session: SignInSession): void {
  const signedMessage = new TextEncoder().encode(session.message)
  const input = util.parseSignInMessage(signedMessage)!
  const output: SignInOutput = {
    account: {
      address: input.address,
      publicKey: Base58.decode(input.address)!,
      chains: [],
      features: [],
    },
    signedMessage,
    signature: Base58.decode(session.signature)!,
  }
  let valid = false
  try {
    valid = util.verifySignIn(input, output)
  } catch {
    // @noble/curves throws on a signature that is not a curve point; that is simply not valid.
  }
  if (!valid)
    throw new SessionVerificationError(
      'INVALID_SIGNATURE',
      `The signature is not ${input.address}'s signature of the message`,
    )
}
