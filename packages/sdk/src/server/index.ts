// @walletframe/sdk/server: for the host's backend (Node, Bun, Deno, workers), never the page. Not
// part of the core entry, which must stay a few kilobytes: this one brings viem (a peer dependency).
export type { Cacao, SignInData, SignInSession } from '@walletframe/protocol'
export { apiNonceCheck } from './apiNonceCheck.js'
export {
  SessionVerificationError,
  type SessionVerificationErrorCode,
  sessionVerificationErrorCodes,
} from './SessionVerificationError.js'
export { verifySession } from './verifySession.js'
