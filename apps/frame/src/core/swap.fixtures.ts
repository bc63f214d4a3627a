// The swap tests' world on Ethereum mainnet, shared by the form's, the actions' and the view's tests:
// the tokens the API lists, what the test account holds and the API's quote.
import type { ConvertQuote, ConvertToken, TokenBalance } from '@walletframe/protocol'

export const usdcContract = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
export const daiContract = '0x6B175474E89094C44Da98b954EedeAC495271d0F'

/** A token of the API's list on Ethereum mainnet. */
export const token = (symbol: string, contract: string, decimals: number): ConvertToken => ({
  name: symbol,
  symbol,
  address: `eip155:1:${contract}`,
  decimals,
  logoUri: '',
})
export const eth = token('ETH', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 18)
export const usdc = token('USDC', usdcContract, 6)
export const dai = token('DAI', daiContract, 18)

/** A balance the API reports on Ethereum mainnet: of the token at `contract`, else of the native currency. */
export const balance = (
  symbol: string,
  numeric: string,
  decimals: number,
  contract?: string,
): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  ...(contract ? { address: `eip155:1:${contract}` as const } : {}),
  value: 0,
  price: 0,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: '',
})

/** What the test account holds: 2 ETH and 100 USDC. */
export const balances = [balance('ETH', '2', 18), balance('USDC', '100', 6, usdcContract)]

/** The API's quote from ETH to USDC: `toAmount` in USDC's smallest unit, the provider's fee in wei. */
export const quoteOf = (toAmount: string): ConvertQuote => ({
  fromAmount: '1',
  fromAccount: eth.address,
  toAmount,
  toAccount: usdc.address,
  providerFee: '8500000000000000',
  path: [],
})
