// What a sign-in message claims, in one form for every namespace, and the checks that hold the claim
// to the session's data, to the site that verifies it and to the clock. The message is what the
// account signed; session.data is only a copy that travelled beside it, so any difference is tampering.
import type { CaipNetworkId, SignInSession } from '@walletframe/protocol'
import { SessionVerificationError } from '../SessionVerificationError.js'

export type Claim = {
  /** The URI scheme before the domain, when the message names one (EIP-4361 `scheme://domain`). */
  scheme?: string
  domain: string
  address: string
  uri: string
  version: string
  chainId: CaipNetworkId
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  statement?: string
  requestId?: string
  resources?: readonly string[]
}

const sameInstant = (a: string | undefined, b: string | undefined) =>
  a === undefined || b === undefined ? a === b : new Date(a).getTime() === new Date(b).getTime()

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((item, i) => item === b?.[i])

/** The message and session.data must say the same; addresses compare the namespace's way. */
export function checkData(
  claim: Claim,
  session: SignInSession,
  sameAddress: (a: string, b: string) => boolean,
): void {
  const { data } = session
  if (!sameAddress(claim.address, data.accountAddress))
    throw new SessionVerificationError(
      'ADDRESS_MISMATCH',
      `The message is signed in as ${claim.address}, not as the session's account ${data.accountAddress}`,
    )
  if (claim.chainId !== data.chainId)
    throw new SessionVerificationError(
      'CHAIN_MISMATCH',
      `The message is for chain ${claim.chainId}, the session for ${data.chainId}`,
    )
  const differs: [string, boolean][] = [
    ['domain', claim.domain !== data.domain],
    ['uri', claim.uri !== data.uri],
    ['version', claim.version !== data.version],
    ['nonce', claim.nonce !== data.nonce],
    ['issuedAt', !sameInstant(claim.issuedAt, data.issuedAt)],
    ['expirationTime', !sameInstant(claim.expirationTime, data.expirationTime)],
    ['notBefore', !sameInstant(claim.notBefore, data.notBefore)],
    // An empty statement and none are the same message text.
    ['statement', (claim.statement ?? '') !== (data.statement ?? '')],
    ['requestId', claim.requestId !== data.requestId],
    ['resources', !sameList(claim.resources, data.resources)],
  ]
  const fields = differs.filter(([, differ]) => differ).map(([name]) => name)
  if (fields.length > 0)
    throw new SessionVerificationError(
      'DATA_MISMATCH',
      `The signed message and the session's data differ in ${fields.join(', ')}`,
    )
  if (session.cacao) checkCacao(session, sameAddress)
}

/** A CACAO (CAIP-74) is another copy of the same claim and signature; it must agree too. */
function checkCacao(session: SignInSession, sameAddress: (a: string, b: string) => boolean): void {
  const { data, signature } = session
  const { p, s } = session.cacao!
  const issuer = /^did:pkh:([^:]+:[^:]+):(.+)$/.exec(p.iss)
  const differs: [string, boolean][] = [
    ['p.iss', !issuer || issuer[1] !== data.chainId || !sameAddress(issuer[2]!, data.accountAddress)],
    ['p.domain', p.domain !== data.domain],
    ['p.aud', p.aud !== data.uri],
    ['p.version', p.version !== data.version],
    ['p.nonce', p.nonce !== data.nonce],
    ['p.iat', !sameInstant(p.iat, data.issuedAt)],
    ['p.exp', !sameInstant(p.exp, data.expirationTime)],
    ['p.nbf', !sameInstant(p.nbf, data.notBefore)],
    ['p.statement', (p.statement ?? '') !== (data.statement ?? '')],
    ['p.requestId', p.requestId !== data.requestId],
    ['p.resources', !sameList(p.resources, data.resources)],
    // Hex compares without case; base58 (solana) is case-sensitive.
    [
      's.s',
      s.s !== signature && !(signature.startsWith('0x') && s.s.toLowerCase() === signature.toLowerCase()),
    ],
  ]
  const fields = differs.filter(([, differ]) => differ).map(([name]) => name)
  if (fields.length > 0)
    throw new SessionVerificationError(
      'DATA_MISMATCH',
      `The CACAO and the session differ in ${fields.join(', ')}`,
    )
}

/** Signed for this site: the domain it expects and, when given, a URI under its origin. */
export function checkSite(claim: Claim, expected: { domain: string; uri?: string | undefined }): void {
  if (claim.domain !== expected.domain)
    throw new SessionVerificationError(
      'DOMAIN_MISMATCH',
      `The message was signed for ${claim.domain}, not for ${expected.domain}`,
    )
  if (expected.uri === undefined) return
  const origin = new URL(expected.uri).origin
  if (claim.scheme !== undefined && `${claim.scheme}:` !== new URL(expected.uri).protocol)
    throw new SessionVerificationError(
      'DOMAIN_MISMATCH',
      `The message was signed for ${claim.scheme}://${claim.domain}, not for ${origin}`,
    )
  // Opaque URIs (urn:, did:) all have the origin "null", which must never count as a match.
  const claimed = URL.canParse(claim.uri) ? new URL(claim.uri).origin : 'null'
  if (origin === 'null' || claimed !== origin)
    throw new SessionVerificationError(
      'URI_MISMATCH',
      `The message's URI ${claim.uri} is not under ${origin}`,
    )
}

/** Within its validity window at `now`: [notBefore, expirationTime). */
export function checkTime(claim: Claim, now: Date): void {
  if (claim.expirationTime !== undefined && now.getTime() >= new Date(claim.expirationTime).getTime())
    throw new SessionVerificationError('EXPIRED', `The sign-in expired at ${claim.expirationTime}`)
  if (claim.notBefore !== undefined && now.getTime() < new Date(claim.notBefore).getTime())
    throw new SessionVerificationError('NOT_YET_VALID', `The sign-in is not valid before ${claim.notBefore}`)
}
