// Rules on where a signature or a request points: a typed-data verifying contract that is not a contract
// on its chain (the signature can be replayed wherever one appears), a request for another chain than the
// wallet is on, a sign-in message for another site than the one asking, and a signature of a bare hash
// (eth_sign), which can be a transaction in disguise.
import { parseSiweMessage } from 'viem/siwe'
import type { Finding } from '../Finding.js'

export function verifyingContractFindings(
  verifyingContract: string | undefined,
  hasCode: boolean,
): Finding[] {
  if (!verifyingContract || hasCode) return []
  return [
    {
      rule: 'verifying-contract-missing',
      reason: `The signature names ${verifyingContract} as its contract, and there is no contract there on this network`,
    },
  ]
}

export function otherChainFindings(requested: string | undefined, connected: string): Finding[] {
  if (requested === undefined || requested === connected) return []
  return [
    {
      rule: 'other-chain',
      reason: `The request is for ${requested}, not the network you are on (${connected})`,
    },
  ]
}

/**
 * A sign-in message (EIP-4361) whose domain or URI is not the site asking for it: a phishing page
 * collecting a login for the real site. `origin` is the host page's origin as the frame verified it.
 */
export function signInDomainFindings(message: string, origin: string): Finding[] {
  const parsed = parseSiweMessage(message)
  if (!parsed.domain) return []
  const host = new URL(origin).host
  let uriHost: string | undefined
  try {
    uriHost = parsed.uri ? new URL(parsed.uri).host : undefined
  } catch {
    uriHost = undefined
  }
  if (parsed.domain === host && (uriHost === undefined || uriHost === host)) return []
  return [
    {
      rule: 'sign-in-domain',
      reason: `This sign-in message is for ${parsed.domain}, but ${host} is asking for it`,
    },
  ]
}

export function rawHashFindings(method: string): Finding[] {
  if (method !== 'eth_sign') return []
  return [
    {
      rule: 'raw-hash-signature',
      reason: 'This asks you to sign a bare hash, which can authorise anything, including a transaction',
    },
  ]
}
