// verifySession: the host's backend checks a sign-in session that its page received from the frame
// (getSiwxSession / subscribeSiwx) before it trusts the address in it. The frame is on another origin
// and the page may be scripted by anyone, so nothing in the session is believed until the signature,
// the site, the nonce, the clock and the chain all agree.

import type { CaipNetworkId } from '@walletframe/protocol'
import { parseNetworkId, SignInSession } from '@walletframe/protocol'
import { type Claim, checkData, checkSite, checkTime } from './internal/claim.js'
import * as Eip155 from './internal/eip155.js'
import * as Solana from './internal/solana.js'
import { SessionVerificationError } from './SessionVerificationError.js'

export declare namespace verifySession {
  type Options = {
    /** The site's own host[:port] (e.g. `app.example` or `localhost:5173`): the message's domain. */
    domain: string
    /** The site's origin (e.g. `https://app.example`); when given, the message's URI must be under it. */
    uri?: string | undefined
    /**
     * Accepts the nonce at most once: true when the backend issued it, it has not expired and it is now
     * spent. Called once, after every check that needs no node, before the signature is checked.
     */
    nonceCheck: (nonce: string) => boolean | Promise<boolean>
    /** A node of the chain that eip155 sessions are for (viem PublicClient). Wins over rpcUrls. */
    publicClient?: Eip155.Client | undefined
    /** JSON-RPC URLs by CAIP-2 id (`{ 'eip155:8453': 'https://…' }`), for sessions of several chains. */
    rpcUrls?: Record<string, string> | undefined
    /** The clock that expiry is checked against (default: the system clock). */
    now?: (() => Date) | undefined
  }

  type ReturnType = {
    /** The account that signed in: a checksummed 0x address (eip155) or a base58 public key (solana). */
    address: string
    /** The chain it signed in on (CAIP-2). */
    chainId: CaipNetworkId
    domain: string
    /** The nonce nonceCheck accepted. */
    nonce: string
    issuedAt: Date
    /** When the sign-in stops being valid; undefined when the message sets no limit. */
    expirationTime: Date | undefined
  }
}

/**
 * Verifies a sign-in session (CAIP-122 data, message, signature, cacao) and returns who signed in.
 * Throws SessionVerificationError (with a `code`) when it is not valid; errors of the node or of
 * nonceCheck propagate as they are.
 */
export async function verifySession(
  session: unknown,
  options: verifySession.Options,
): Promise<verifySession.ReturnType> {
  const parsed = SignInSession.safeParse(session)
  if (!parsed.success)
    throw new SessionVerificationError(
      'MALFORMED',
      `Not a sign-in session: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ')}`,
    )
  const value = parsed.data
  const { namespace } = parseNetworkId(value.data.chainId)

  // Everything that needs no node and spends nothing comes first, so a replayed or doctored session
  // costs neither a nonce nor an RPC call.
  let claim: Claim
  let verifySignature: () => Promise<void>
  if (namespace === 'eip155') {
    claim = Eip155.claim(value)
    checkData(claim, value, Eip155.sameAddress)
    const node = Eip155.client(value.data.chainId, options)
    verifySignature = () => Eip155.verifySignature(value, claim, node)
  } else if (namespace === 'solana') {
    const util = await Solana.load()
    claim = Solana.claim(util, value)
    checkData(claim, value, Solana.sameAddress)
    verifySignature = async () => Solana.verifySignature(util, value)
  } else {
    throw new SessionVerificationError(
      'UNSUPPORTED_NAMESPACE',
      `Sessions of ${namespace} chains cannot be verified here (eip155 and solana can)`,
    )
  }
  checkSite(claim, options)
  checkTime(claim, options.now?.() ?? new Date())

  // The nonce is spent before the signature is checked: a replay is refused by the backend's own
  // store without a call to the node, and a nonce only ever reaches the page it was issued to.
  if (!(await options.nonceCheck(claim.nonce)))
    throw new SessionVerificationError(
      'NONCE_REJECTED',
      'The nonce was not issued here, has expired or was already used: sign in again',
    )
  await verifySignature()

  return {
    address: claim.address,
    chainId: claim.chainId,
    domain: claim.domain,
    nonce: claim.nonce,
    issuedAt: new Date(claim.issuedAt),
    expirationTime: claim.expirationTime === undefined ? undefined : new Date(claim.expirationTime),
  }
}
