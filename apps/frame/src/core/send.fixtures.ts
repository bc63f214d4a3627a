// The send tests' balances on Ethereum mainnet, shared by the form's and the view's tests: 2 ETH and
// 100 USDC, each line as the API reports it.
import type { TokenBalance } from '@walletframe/protocol'

export const usdcContract = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

/** A balance the API reports: 2 ETH on Ethereum mainnet, but for what `overrides` says. */
export const balance = (overrides: Partial<TokenBalance>): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 4000,
  price: 2000,
  quantity: { decimals: '18', numeric: '2' },
  iconUrl: '',
  ...overrides,
})
export const eth = balance({})
export const usdc = balance({
  name: 'USD Coin',
  symbol: 'USDC',
  address: `eip155:1:${usdcContract}`,
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
})
