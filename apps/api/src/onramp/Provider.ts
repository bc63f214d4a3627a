// What the API needs of an on-ramp provider. One implementation speaks HTTP to a provider's REST
// API (httpProvider.ts); a provider that cannot be reached rejects with OnrampUnavailableError and
// the routes fall back (built-in options, a mock quote), one that refuses the request rejects with OnrampRefusedError.
import type { OnrampOptions, OnrampQuote, OnrampQuoteRequest, OnrampUrlRequest } from '@walletframe/protocol'

export type Provider = {
  /** What can be bought on which networks, paid how, within which limits. */
  options(): Promise<OnrampOptions>
  quote(request: OnrampQuoteRequest): Promise<OnrampQuote>
  /** A checkout session for the wallets; its URL is where the buyer pays. */
  checkoutUrl(request: OnrampUrlRequest): Promise<string>
}
