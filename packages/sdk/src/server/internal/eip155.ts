// Sign-In with Ethereum (EIP-4361). The signature is checked by viem against a node of the message's
// chain, which covers every kind of account: EOAs (ecrecover), deployed contract accounts (ERC-1271
// isValidSignature) and not yet deployed ones (ERC-6492: the signature carries the factory call).
import type { SignInSession } from '@walletframe/protocol'
import { createPublicClient, type Hex, http, isAddressEqual, isHex, type PublicClient } from 'viem'
import { SessionVerificationError } from '../SessionVerificationError.js'
import type { Claim } from './claim.js'
import * as Eip4361 from './eip4361.js'

/** The two calls verification makes; a viem PublicClient has them. */
export type Client = Pick<PublicClient, 'getChainId' | 'verifyMessage'>

/** The claim of the session's message; also refuses a signature that is not hex, before any RPC. */
export function claim(session: SignInSession): Claim {
  if (!isHex(session.signature, { strict: true }) || session.signature.length % 2 !== 0)
    throw new SessionVerificationError(
      'MALFORMED',
      'An eip155 signature must be 0x-prefixed hex of whole bytes',
    )
  let fields: Eip4361.Fields
  try {
    fields = Eip4361.parse(session.message)
  } catch (error) {
    if (!(error instanceof Eip4361.ParseError)) throw error
    throw new SessionVerificationError('MALFORMED', `Not an EIP-4361 message: ${error.message}`, {
      cause: error,
    })
  }
  const { chainId, ...rest } = fields
  return { ...rest, chainId: `eip155:${chainId}` }
}

export function sameAddress(a: string, b: string): boolean {
  try {
    return isAddressEqual(a as `0x${string}`, b as `0x${string}`)
  } catch {
    // isAddressEqual throws on something that is not an address: then it is not the same one.
    return false
  }
}

/** The node to verify with: the host's client, or one for the chain's entry in rpcUrls. */
export function client(
  chainId: string,
  options: { publicClient?: Client | undefined; rpcUrls?: Record<string, string> | undefined },
): Client {
  if (options.publicClient) return options.publicClient
  const url = options.rpcUrls?.[chainId]
  if (!url)
    throw new SessionVerificationError(
      'NO_RPC',
      `No RPC URL for ${chainId}: pass a publicClient, or rpcUrls with an entry for it`,
    )
  return createPublicClient({ transport: http(url) })
}

/** The node serves the message's chain, and the signature is the account's signature of the message. */
export async function verifySignature(session: SignInSession, claim: Claim, node: Client): Promise<void> {
  const nodeChain = `eip155:${await node.getChainId()}`
  if (nodeChain !== claim.chainId)
    throw new SessionVerificationError(
      'CHAIN_MISMATCH',
      `The message is for ${claim.chainId} but the node that would verify it serves ${nodeChain}`,
    )
  const valid = await node.verifyMessage({
    address: claim.address as `0x${string}`,
    message: session.message,
    signature: session.signature as Hex,
  })
  if (!valid)
    throw new SessionVerificationError(
      'INVALID_SIGNATURE',
      `The signature is not ${claim.address}'s signature of the message`,
    )
}
