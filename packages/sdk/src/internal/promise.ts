// Promise helpers for the rule that nothing the SDK starts may become an unhandled rejection.
import type { ErrorObject } from '@walletframe/protocol'
import { InternalRpcError } from '@walletframe/protocol/errors'

/**
 * Marks a promise as handled and returns it unchanged: a caller that awaits it still sees the
 * rejection, a caller that ignores it does not get an `unhandledrejection` in the host page.
 */
export function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/** The wire form of any thrown value: wallets reject with `{ code, message }`-shaped errors. */
export function toErrorObject(error: unknown): ErrorObject {
  const { code, message, data } = (error ?? {}) as Partial<Record<'code' | 'message' | 'data', unknown>>
  if (Number.isSafeInteger(code) && typeof message === 'string')
    return data === undefined ? { code: code as number, message } : { code: code as number, message, data }
  return new InternalRpcError(typeof message === 'string' ? message : 'Internal error').toJSON()
}
