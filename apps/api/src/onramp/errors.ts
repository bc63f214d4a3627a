// The on-ramp's errors, in the API's error form: the provider refused the request (the caller's
// 400, with the provider's reason), or it could not be reached or answered nonsense (502), or the
// checkout was asked to return its buyer somewhere other than the frame (400).
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

/**
 * The checkout returns its buyer to `redirectUrl` once paid. Anywhere but the frame's own pages would
 * make it an open redirect: a link through a trusted checkout that ends on a page of anyone's choosing,
 * right after a payment, where a request for a password or a signature looks expected.
 */
export class RedirectNotAllowedError extends ApiError {
  override name = 'RedirectNotAllowedError'
  constructor(origin: string) {
    super(
      400,
      'REDIRECT_NOT_ALLOWED',
      `Invalid body.redirectUrl: the checkout returns only to the frame's pages, and ${origin} is not a frame origin (options.frameOrigins)`,
      'body.redirectUrl',
    )
  }
}
