// The on-ramp's errors, in the API's error form: the provider refused the request (the caller's
// 400, with the provider's reason), or it could not be reached or answered nonsense (502).
import { ApiError } from '../errors.js'

/** The provider answered 4xx: the request named something it does not sell, or an amount out of limits. */
export class OnrampRefusedError extends ApiError {
  override name = 'OnrampRefusedError'
  constructor(reason: string) {
    super(400, 'ONRAMP_REFUSED', `The on-ramp provider refused the request: ${reason}`)
  }
}

/** The provider is down, too slow, answered 5xx or a body of the wrong shape — or none is configured. */
export class OnrampUnavailableError extends ApiError {
  override name = 'OnrampUnavailableError'
  constructor(detail: string, options?: { cause?: unknown }) {
    super(502, 'ONRAMP_UNAVAILABLE', `The on-ramp provider is unavailable: ${detail}`)
    if (options?.cause !== undefined) this.cause = options.cause
  }
}
