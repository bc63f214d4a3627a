// One-click sign-in over WalletConnect: the session proposal carries a CAIP-122 authentication
// request (sign-client connect's `authentication`, with a ReCap of the methods the dapp will call),
// and a wallet that supports it answers with a signed CACAO alongside the session. That CACAO becomes
// the sign-in session, so the user signs once. A wallet that does not answers with the session alone.
import type { AuthTypes } from '@walletconnect/types'
import {
  createEncodedRecap,
  decodeRecap,
  formatMessage,
  formatStatementFromRecap,
  getDidAddress,
  getNamespacedDidChainId,
  getRecapFromResources,
} from '@walletconnect/utils'
import type { SignInSession } from '@walletframe/protocol'
import * as Namespaces from './namespaces.js'

/** What authenticated sessions refuse, word for word: sign-client's own message, so hosts see one wording. */
export const onlyEip155Message =
  'Only eip155 namespace is supported for authenticated sessions. Please use .connect() for non-eip155 chains.'

export class UnsupportedAuthenticationError extends Error {
  override name = 'UnsupportedAuthenticationError'
  readonly code = 'UNSUPPORTED_AUTHENTICATION'
  constructor() {
    super(onlyEip155Message)
  }
}

/** sign-client's default proposal lifetime (5 min), which outlives the pairing on screen (4 min). */
const proposalTtlSeconds = 300

/** What the frame asks a wallet to sign in to, for the chains of one namespace. */
export type SignInRequest = {
  /** CAIP-2 ids; eip155 only. */
  readonly chains: readonly string[]
  readonly domain: string
  readonly uri: string
  readonly nonce: string
  readonly statement: string
  readonly expirationTime: Date
}

/** The proposal's authentication request; refuses chains of other namespaces (one-click sign-in is eip155 only). */
export function authentication(request: SignInRequest): AuthTypes.AuthenticateRequestParams {
  if (request.chains.length === 0 || request.chains.some((chain) => !chain.startsWith('eip155:')))
    throw new UnsupportedAuthenticationError()
  return {
    chains: [...request.chains],
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    statement: request.statement,
    exp: request.expirationTime.toISOString(),
    type: 'caip122',
    // The proposal lives as long as the pairing it is shown with.
    ttl: proposalTtlSeconds,
    // ReCap: the wallet shows, and the signature covers, which calls the app may request.
    resources: [createEncodedRecap('eip155', 'request', [...Namespaces.eip155Methods])],
  }
}

/** The sign-in session a wallet's CACAO makes: the message it signed, rebuilt as the wallet built it. */
export function toSession(cacao: AuthTypes.Cacao): SignInSession | undefined {
  const { p, s } = cacao
  const address = getDidAddress(p.iss)
  const chainId = getNamespacedDidChainId(p.iss)
  const uri = p.aud ?? p.uri
  if (!address || !chainId?.startsWith('eip155:') || !uri || !p.iat) return undefined
  const version = p.version ?? '1'
  // The signed text states what the ReCap grants after the app's own statement; the session says
  // what was signed.
  const recap = getRecapFromResources(p.resources)
  const statement = recap ? formatStatementFromRecap(p.statement, decodeRecap(recap)) : p.statement
  return {
    data: {
      type: s.t,
      domain: p.domain,
      accountAddress: address,
      uri,
      version,
      chainId: chainId as `${string}:${string}`,
      nonce: p.nonce,
      issuedAt: p.iat,
      ...(p.exp ? { expirationTime: p.exp } : {}),
      ...(p.nbf ? { notBefore: p.nbf } : {}),
      ...(statement ? { statement } : {}),
      ...(p.requestId ? { requestId: p.requestId } : {}),
      ...(p.resources ? { resources: p.resources } : {}),
    },
    message: formatMessage(p, p.iss),
    signature: s.s,
    cacao: {
      h: { t: 'eip4361' },
      p: {
        domain: p.domain,
        iss: p.iss,
        aud: uri,
        version,
        nonce: p.nonce,
        iat: p.iat,
        ...(p.nbf ? { nbf: p.nbf } : {}),
        ...(p.exp ? { exp: p.exp } : {}),
        ...(statement ? { statement } : {}),
        ...(p.requestId ? { requestId: p.requestId } : {}),
        ...(p.resources ? { resources: p.resources } : {}),
      },
      s: { t: s.t, s: s.s, ...(s.m ? { m: s.m } : {}) },
    },
  }
}
