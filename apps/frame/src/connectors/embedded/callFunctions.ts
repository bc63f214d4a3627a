// The function a call's data runs, named for the approval from a small local table of what the
// wallet's users meet most (ERC-20 approvals and transfers, the swap router, a smart account's own
// execute / executeBatch): a name read off the data alone, so it says what the selector is, never
// that the contract really is a token or a router. Anything else is "Unknown function" rather than a
// guess from a public selector directory, whose collisions an attacker can pick.
import { decodeFunctionData, parseAbi } from 'viem'

const knownFunctions = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** What the approval says of data it cannot name. */
export const unknownFunction = 'Unknown function'

/**
 * The name of the function `data` calls; undefined for a call without data (a plain transfer).
 * Data whose arguments do not decode for the function its selector names is unknown too: the call
 * would not run as that function.
 */
export function nameOf(data: string | undefined): string | undefined {
  if (data === undefined || data === '0x' || data === '') return undefined
  try {
    return decodeFunctionData({ abi: knownFunctions, data: data as `0x${string}` }).functionName
  } catch {
    return unknownFunction
  }
}
