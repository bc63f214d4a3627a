// A signature that lets someone else move tokens: an EIP-2612 Permit or a Permit2 allowance or transfer
// costs no gas and shows no transaction, so it is the cheapest way to take a wallet's tokens.
import type { Finding } from '../Finding.js'
import type { Authorisation } from './typedData.js'

export function permitFindings(authorisation: Authorisation): Finding[] {
  if (authorisation.kind === 'permit')
    return [
      {
        rule: 'permit-signature',
        reason: `This signature lets ${authorisation.spender} spend ${authorisation.amount} of ${authorisation.token} without another approval`,
      },
    ]
  if (authorisation.kind === 'permit2')
    return [
      {
        rule: 'permit-signature',
        reason: `This Permit2 signature lets ${authorisation.spender} move ${authorisation.tokens
          .map((item) => `${item.amount} of ${item.token}`)
          .join(', ')} without another approval`,
      },
    ]
  return []
}
