// Swaps on an EVM network through its fee router (contracts.swapFeeRouter, in front of a Uniswap V2
// Router02): the route and quote (the router's own getAmountsOut, which deducts the provider fee the
// swap really pays), the allowance the router has, and the calldata of the approval and the swap.
// Tokens are addresses; the native currency is the 0xeeee…eeee pseudo-address, swapped as the
// wrapped native token (contracts.weth9) in a pool path.
import { type ChainNetwork, gasLimitFor, nativeTokenAddress } from '@walletframe/protocol'
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  maxUint256,
  parseAbi,
  zeroAddress,
} from 'viem'
import { ApiError, isInvalidParams, RpcResponseError } from '../errors.js'
import type { Upstream } from './Upstream.js'

/** The error message for a network without a swap router. */
export const notSupported = 'Network not supported for Swaps'

/** How long a built swap transaction may wait in the mempool before the router refuses it. */
export const deadlineSeconds = 20 * 60

export const feeRouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256 fee, uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** No pool path joins the two tokens (or the amount is more than the pools hold). */
export class NoSwapRouteError extends ApiError {
  override name = 'NoSwapRouteError'
  constructor(from: string, to: string, chainId: string) {
    super(400, 'NO_SWAP_ROUTE', `No swap route from ${from} to ${to} on ${chainId}`, 'to')
  }
}

export type SwapRouter = {
  /** The fee router the user's transactions go to, and that the user approves. */
  feeRouter: Address
  /** The wrapped native token that stands for the native currency in a pool path. */
  weth: Address
}

/**
 * The network's swap router, or undefined when it has none (answered "Network not supported for Swaps").
 * A router configured as the zero address is none: approving it as a spender, or swapping through it,
 * would send the user's transactions to an address nobody controls.
 */
export function routerOf(network: ChainNetwork): SwapRouter | undefined {
  const { swapFeeRouter, weth9 } = network.contracts
  if (network.chainNamespace !== 'eip155' || !swapFeeRouter || !weth9) return undefined
  if ([swapFeeRouter, weth9].some((address) => address.toLowerCase() === zeroAddress)) return undefined
  return { feeRouter: swapFeeRouter as Address, weth: weth9 as Address }
}

export function isNative(token: Address): boolean {
  return isAddressEqual(token, nativeTokenAddress)
}

export type Quote = {
  /** The pool path, native replaced by the wrapped token. */
  path: Address[]
  /** The provider fee kept from the input, in the input token's smallest unit. */
  fee: bigint
  /** What the user receives, in the output token's smallest unit. */
  amountOut: bigint
}

/** The pool paths worth asking about: the direct pair, and through the wrapped native token. */
export function candidatePaths(router: SwapRouter, from: Address, to: Address): Address[][] {
  const a = isNative(from) ? router.weth : from
  const b = isNative(to) ? router.weth : to
  if (isAddressEqual(a, b)) return []
  const paths = [[a, b]]
  if (!isAddressEqual(a, router.weth) && !isAddressEqual(b, router.weth)) paths.push([a, router.weth, b])
  return paths
}

/**
 * The best quote for swapping `amountIn` of `from` into `to`: every candidate path asked of the fee
 * router in one batch, the one paying out most wins. A path with no pool reverts; when all do there
 * is no route.
 */
export async function quote(
  upstream: Upstream,
  router: SwapRouter,
  parameters: { from: Address; to: Address; amountIn: bigint },
): Promise<Quote> {
  const { from, to, amountIn } = parameters
  const paths = candidatePaths(router, from, to)
  const answers = await upstream.batch(
    paths.map((path) => ({
      method: 'eth_call',
      params: [
        {
          to: router.feeRouter,
          data: encodeFunctionData({
            abi: feeRouterAbi,
            functionName: 'getAmountsOut',
            args: [amountIn, path],
          }),
        },
        'latest',
      ],
    })),
  )
  let best: Quote | undefined
  answers.forEach((answer, i) => {
    if (answer.error) {
      // A caller's malformed input is theirs to fix; any other error is a path without a pool.
      if (isInvalidParams(answer.error))
        throw new RpcResponseError(answer.error.code, answer.error.message, answer.error.data)
      return
    }
    let decoded: readonly [bigint, readonly bigint[]]
    try {
      decoded = decodeFunctionResult({
        abi: feeRouterAbi,
        functionName: 'getAmountsOut',
        data: answer.result as Hex,
      })
    } catch {
      // No contract answered (empty data): this path has no router behind it either.
      return
    }
    const [fee, amounts] = decoded
    const amountOut = amounts.at(-1)
    if (amountOut === undefined || amountOut === 0n) return
    if (!best || amountOut > best.amountOut) best = { path: paths[i]!, fee, amountOut }
  })
  if (!best) throw new NoSwapRouteError(from, to, upstream.chainId)
  return best
}

/** The least the swap may pay out: the quote less `slippage` percent (hundredths of a percent kept). */
export function minimumOut(amountOut: bigint, slippage: number): bigint {
  const basisPoints = BigInt(Math.round(slippage * 100))
  return (amountOut * (10_000n - basisPoints)) / 10_000n
}

/** The fee router's swap call for `quote`: value carries the input of a native swap. */
export function swapCall(
  router: SwapRouter,
  parameters: {
    from: Address
    to: Address
    amountIn: bigint
    amountOutMin: bigint
    path: Address[]
    recipient: Address
    deadline: bigint
  },
): { to: Address; data: Hex; value: bigint } {
  const { from, to, amountIn, amountOutMin, path, recipient, deadline } = parameters
  if (isNative(from)) {
    return {
      to: router.feeRouter,
      value: amountIn,
      data: encodeFunctionData({
        abi: feeRouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [amountOutMin, path, recipient, deadline],
      }),
    }
  }
  const functionName = isNative(to) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
  return {
    to: router.feeRouter,
    value: 0n,
    data: encodeFunctionData({
      abi: feeRouterAbi,
      functionName,
      args: [amountIn, amountOutMin, path, recipient, deadline],
    }),
  }
}

/** approve(feeRouter, amount) on the token: unlimited when no amount is given. */
export function approveCall(router: SwapRouter, token: Address, amount?: bigint): { to: Address; data: Hex } {
  return {
    to: token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [router.feeRouter, amount ?? maxUint256],
    }),
  }
}

/** What the fee router may spend of `owner`'s `token`; unlimited for the native currency. */
export async function allowance(
  upstream: Upstream,
  router: SwapRouter,
  token: Address,
  owner: Address,
): Promise<bigint | undefined> {
  if (isNative(token)) return maxUint256
  const data = await upstream.request<Hex>('eth_call', [
    {
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, router.feeRouter] }),
    },
    'latest',
  ])
  // Not a token contract (no code answers with empty data): there is no allowance to speak of.
  if (!data || data.length < 66) return undefined
  return BigInt(data.slice(0, 66))
}

/**
 * The gas limit for `call` from `from`: the node's estimate with the margin a landing transaction
 * may need (gasLimitFor), or `fallback` when the node cannot tell: a swap whose approval is not
 * mined yet reverts in estimation, and the wallet estimates again when it sends anyway.
 */
export async function estimateGas(
  upstream: Upstream,
  call: { from: Address; to: Address; data: Hex; value: bigint },
  fallback: bigint,
): Promise<bigint> {
  try {
    const gas = await upstream.request<Hex>('eth_estimateGas', [
      { from: call.from, to: call.to, data: call.data, value: `0x${call.value.toString(16)}` },
    ])
    return gasLimitFor(BigInt(gas))
  } catch (error) {
    if (error instanceof RpcResponseError && !isInvalidParams(error)) return fallback
    throw error
  }
}
