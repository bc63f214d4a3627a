// WalletConnect's failures as the frame reports them: sign-client's rejections as typed EIP-1193
// errors, a relay that cannot be reached, and an approval of a URI no longer on screen.
import {
  DisconnectedError,
  InternalRpcError,
  ProviderRpcError,
  rpcErrorCodes,
  UserRejectedRequestError,
} from '@walletframe/protocol'
import { messageOf, rpcCode, toProviderError as toFrameProviderError } from '../../../lib/errors.js'

/** A wallet approved a pairing URI that had been replaced or abandoned; its session was ended. */
export class StalePairingError extends Error {
  override name = 'StalePairingError'
  readonly code = 'STALE_PAIRING'
  constructor() {
    super('This connection link was replaced by a newer one. Scan the code shown now.')
  }
}

/**
 * wallet_getCallsStatus asked of a wallet whose session did not approve it: a method the wallet did
 * not approve (4200), in the words dapps built on WalletConnect's own clients already match on.
 */
export class CallsStatusNotApprovedError extends ProviderRpcError {
  override name = 'CallsStatusNotApprovedError'
  constructor() {
    super(rpcErrorCodes.unsupportedMethod, 'Fetching call status not approved by the wallet')
  }
}

/** The relay could not be reached in time. */
export class RelayUnavailableError extends DisconnectedError {
  override name = 'RelayUnavailableError'
  constructor(url: string) {
    super(`Cannot reach the WalletConnect relay (${url}). Check the connection, then try again.`)
  }
}

/**
 * WalletConnect's rejection codes (USER_REJECTED, _CHAINS, _METHODS, _EVENTS: 5000–5003), which the
 * SDKs' getSdkError('USER_REJECTED') gives wallets. Hosts (viem, wagmi) recognise a user's refusal
 * only as EIP-1193 4001.
 */
export const walletConnectRejections = new Set([5000, 5001, 5002, 5003])

/** A sign-client rejection as a typed EIP-1193 error (wallet errors keep their code). */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = rpcCode(error)
  const message = messageOf(error)
  if (code !== undefined && walletConnectRejections.has(code)) return new UserRejectedRequestError(message)
  if (code !== undefined && code !== 0) return toFrameProviderError(error)
  // sign-client's own checks: "No matching key. session topic doesn't exist", "Missing or invalid.
  // Record was recently deleted", "Expired. session topic: …".
  if (/recently deleted|doesn't exist|No matching key|Expired/i.test(message))
    return new DisconnectedError(`The WalletConnect session ended: ${message}`)
  return new InternalRpcError(message)
}
