// The Bitcoin (bip122) methods of WalletConnect, by name: the list alone, free of schemas, so the
// code that routes a request by its method carries no more than these names.

/** The Bitcoin methods a WalletConnect wallet may approve for a bip122 chain. */
export const bitcoinMethods = ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'] as const
export type BitcoinMethod = (typeof bitcoinMethods)[number]

export function isBitcoinMethod(method: string): method is BitcoinMethod {
  return (bitcoinMethods as readonly string[]).includes(method)
}
