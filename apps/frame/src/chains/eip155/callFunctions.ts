// The function a call's data runs, and its arguments, for the approval: from a small local table of
// what the wallet's users meet most (ERC-20 approvals and transfers, NFT transfers and operators,
// Permit2's approve, wrapped ether, the swap router, a smart account's own execute / executeBatch). It
// is read off the data alone, so it says what the selector is, never that the contract really is a
// token or a router. Anything else is "Unknown function" rather than a guess from a public selector
// directory, whose collisions an attacker can pick.
import {
  type AbiFunction,
  type AbiParameter,
  decodeFunctionData,
  getAddress,
  maxUint256,
  parseAbi,
} from 'viem'
import { truncateUnits } from '../../lib/format.js'

const knownFunctions = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function deposit()',
  'function withdraw(uint256 amount)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** What the approval says of data it cannot name. */
export const unknownFunction = 'Unknown function'

/** A token as the network's list names it, to say amounts in its units. */
export type Token = { readonly address: string; readonly symbol: string; readonly decimals: number }

/** Where an amount argument's units come from: the token called, one named in the arguments, or the native coin. */
type Unit = 'target' | 'native' | { readonly arg: string } | { readonly pathAt: 0 | -1 }

/**
 * The amounts whose token the call itself tells: an ERC-20's `amount` is in the called token's units, a
 * swap's `amountIn` in its path's first token, and so on. Other integers are shown as they are.
 */
const units: Record<string, Record<string, Unit>> = {
  'approve(address,uint256)': { amount: 'target' },
  'transfer(address,uint256)': { amount: 'target' },
  'transferFrom(address,address,uint256)': { amount: 'target' },
  'approve(address,address,uint160,uint48)': { amount: { arg: 'token' } },
  'withdraw(uint256)': { amount: 'target' },
  'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)': {
    amountIn: { pathAt: 0 },
    amountOutMin: { pathAt: -1 },
  },
  'swapExactETHForTokens(uint256,address[],address,uint256)': { amountOutMin: { pathAt: -1 } },
  'swapExactTokensForETH(uint256,uint256,address[],address,uint256)': {
    amountIn: { pathAt: 0 },
    amountOutMin: 'native',
  },
  'execute(address,uint256,bytes)': { value: 'native' },
}

export type Decoded = {
  /** The function's name, or "Unknown function". */
  readonly name: string
  /** Its arguments by name, each in words: a checksummed address, an amount in its token's units, … */
  readonly args: readonly { readonly name: string; readonly value: string }[]
}

export type Context = {
  /** The called contract. */
  readonly to?: string | undefined
  /** The tokens the network lists, and its native coin. */
  readonly tokens?: readonly Token[] | undefined
  readonly native?: { readonly symbol: string; readonly decimals: number } | undefined
}

/** The longest bytes argument shown whole; longer ones show their start and length. */
const maxShownBytes = 64

function signature(item: AbiFunction): string {
  return `${item.name}(${item.inputs.map((input) => input.type).join(',')})`
}

function amountText(
  value: bigint,
  unit: Unit | undefined,
  args: Record<string, unknown>,
  context: Context,
): string {
  if (unit === undefined) return String(value)
  if (unit === 'native')
    return context.native
      ? `${truncateUnits(value, context.native.decimals, context.native.decimals)} ${context.native.symbol}`
      : String(value)
  const address =
    unit === 'target'
      ? context.to
      : 'arg' in unit
        ? args[unit.arg]
        : (args.path as readonly string[] | undefined)?.at(unit.pathAt)
  const token =
    typeof address === 'string'
      ? context.tokens?.find((item) => item.address.toLowerCase() === address.toLowerCase())
      : undefined
  // Both allowance maxima read as "no limit" in a wallet: uint256's for ERC-20, uint160's for Permit2.
  if (value === maxUint256 || value === 2n ** 160n - 1n) return `Unlimited${token ? ` ${token.symbol}` : ''}`
  return token
    ? `${truncateUnits(value, token.decimals, token.decimals)} ${token.symbol}`
    : `${value} (base units)`
}

function valueText(
  parameter: AbiParameter,
  value: unknown,
  unit: Unit | undefined,
  args: Record<string, unknown>,
  context: Context,
): string {
  if (parameter.type === 'address') return getAddress(value as string)
  if (parameter.type === 'address[]') return (value as string[]).map((item) => getAddress(item)).join(' → ')
  if (parameter.type === 'bool') return value ? 'yes' : 'no'
  if (typeof value === 'bigint') return amountText(value, unit, args, context)
  if (parameter.type === 'bytes') {
    const hex = value as string
    if (hex === '0x') return 'none'
    // A smart account's execute carries the call it makes: say that call too where the table knows it.
    const inner =
      parameter.name === 'data' ? decode(hex, { ...context, to: args.target as string }) : undefined
    if (inner && inner.name !== unknownFunction) return describe(inner)
    const bytes = (hex.length - 2) / 2
    return bytes > maxShownBytes ? `${hex.slice(0, 2 + 2 * maxShownBytes)}… (${bytes} bytes)` : hex
  }
  if (parameter.type.startsWith('tuple') && Array.isArray(value)) return `${value.length} calls`
  return String(value)
}

/**
 * The function `data` calls and its arguments; undefined for a call without data (a plain transfer).
 * Data whose arguments do not decode for the function its selector names is unknown too: the call
 * would not run as that function.
 */
export function decode(data: string | undefined, context: Context = {}): Decoded | undefined {
  if (data === undefined || data === '0x' || data === '') return undefined
  let decoded: { functionName: string; args: readonly unknown[] | undefined }
  try {
    decoded = decodeFunctionData({ abi: knownFunctions, data: data as `0x${string}` })
  } catch {
    return { name: unknownFunction, args: [] }
  }
  const values = decoded.args ?? []
  // Two functions share a name (approve, safeTransferFrom): the one whose inputs match the decoded arguments.
  const item = knownFunctions.find(
    (candidate) => candidate.name === decoded.functionName && candidate.inputs.length === values.length,
  ) as AbiFunction
  const byName = Object.fromEntries(item.inputs.map((input, index) => [input.name ?? '', values[index]]))
  const hints = units[signature(item)] ?? {}
  return {
    name: decoded.functionName,
    args: item.inputs.map((input, index) => ({
      name: input.name ?? `#${index + 1}`,
      value: valueText(input, values[index], hints[input.name ?? ''], byName, context),
    })),
  }
}

/** A decoded call in one line: `transfer(to: 0x…, amount: 1.5 USDC)`. */
export function describe(decoded: Decoded): string {
  if (decoded.args.length === 0) return decoded.name === unknownFunction ? decoded.name : `${decoded.name}()`
  return `${decoded.name}(${decoded.args.map((arg) => `${arg.name}: ${arg.value}`).join(', ')})`
}
