// What the local on-ramp answers when a request cannot be served: an HTTP status, a stable code and
// a message for the person at the checkout (or the API that asked).
import { DevstackError } from '../errors.js'

export class OnrampError extends DevstackError {
  override readonly name = 'OnrampError'
  constructor(
    readonly status: 400 | 404 | 500,
    code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options)
  }
}
