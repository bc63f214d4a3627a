// The swap calls (/v1/convert/*) on the network's fee router (chains/swap.ts): the tokens it
// swaps, quotes with the provider fee it keeps, the allowance it has, and the approval and swap
// transactions for the wallet. A network without a router answers "Network not supported for Swaps".
// gas-price, the remaining convert call, is routes/gasPrice.ts.
import {
  ConvertAllowanceQuery,
  ConvertAllowanceResponse,
  ConvertBuildApproveQuery,
  ConvertBuildTransactionRequest,
  type ConvertQuote,
  ConvertQuotesQuery,
  ConvertQuotesResponse,
  type ConvertToken,
  ConvertTokensQuery,
  ConvertTokensResponse,
  type ConvertTransaction,
  ConvertTransactionResponse,
  formatAddress,
  nativeTokenAddress,
  swapGasEstimate,
} from '@walletframe/protocol'
import { type Address, type Hex, isAddressEqual, zeroAddress } from 'viem'
import { readGasPrice } from '../chains/evm.js'
import type { Network } from '../chains/Networks.js'
import * as Swap from '../chains/swap.js'
import { fromChainFailure, InvalidRequestError, NetworkNotSupportedError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import { parseAccount } from './addresses.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const errors = [400, 401, 403, 429, 502]

export const docs: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/convert/tokens',
    summary: 'The tokens a network swaps (the native currency as 0xeeee…eeee), sorted by symbol',
    query: ConvertTokensQuery,
    response: ConvertTokensResponse,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'get',
    path: '/v1/convert/quotes',
    summary:
      'What swapping `amount` (smallest unit) of `from` pays out in `to`, after the 0.85% provider fee the ' +
      'swap router keeps (providerFee), on the best pool path (direct or through the wrapped native token)',
    query: ConvertQuotesQuery,
    response: ConvertQuotesResponse,
    errors,
  },
  {
    method: 'get',
    path: '/v1/convert/allowance',
    summary: "What the swap router may spend of the user's token (unlimited for the native currency)",
    query: ConvertAllowanceQuery,
    response: ConvertAllowanceResponse,
    errors,
  },
  {
    method: 'get',
    path: '/v1/convert/build-approve',
    summary:
      'The transaction that lets the swap router spend `amount` (unlimited when absent) of `from`; ' +
      'a token or userAddress that is the zero address is a 400, on every convert call',
    query: ConvertBuildApproveQuery,
    response: ConvertTransactionResponse,
    errors,
  },
  {
    method: 'post',
    path: '/v1/convert/build-transaction',
    summary:
      'The swap transaction for the fee router: pays out at least the quote less eip155.slippage percent; ' +
      'projectId in the body, or the query for CORS preflight',
    body: ConvertBuildTransactionRequest,
    response: ConvertTransactionResponse,
    errors: [400, 401, 403, 413, 429, 502],
  },
]

type Party = { chainId: string; address: Address }

/**
 * A CAIP-10 id of an EVM account or token, its checksum checked. Never the zero address: no contract
 * lives there and nobody holds its key, so a token or account 0x0 is a caller's mistake (an unset
 * field) that would build an approval or a swap calling nothing, or paying out to nobody.
 */
function evmParty(value: string, field: string): Party {
  const account = parseAccount(value, field)
  if (account.namespace !== 'eip155' || !account.caipNetworkId)
    throw new InvalidRequestError(`Invalid ${field}: swaps take an eip155 CAIP-10 id`, field)
  if (isAddressEqual(account.address, zeroAddress))
    throw new InvalidRequestError(
      `Invalid ${field}: the zero address is neither a token nor an account`,
      field,
    )
  return { chainId: account.caipNetworkId, address: account.address }
}

/** The network of `chainId` and its swap router; "Network not supported for Swaps" without one. */
function swapNetwork(deps: Deps, chainId: string): { entry: Network; router: Swap.SwapRouter } {
  const entry = deps.networks.get(chainId)
  const router = entry && Swap.routerOf(entry.network)
  if (!entry || !router) throw new NetworkNotSupportedError(Swap.notSupported)
  return { entry, router }
}

type Parties = { userAddress: string; from: string; to: string }

/** The user and both tokens, on one network that swaps. */
function parties(deps: Deps, query: Parties) {
  const user = evmParty(query.userAddress, 'userAddress')
  const from = evmParty(query.from, 'from')
  const to = evmParty(query.to, 'to')
  for (const [party, field] of [
    [from, 'from'],
    [to, 'to'],
  ] as const) {
    if (party.chainId !== user.chainId)
      throw new InvalidRequestError(`Invalid ${field}: not on the network of userAddress`, field)
  }
  if (Swap.isNative(user.address))
    throw new InvalidRequestError(
      'Invalid userAddress: the native pseudo-address is no account',
      'userAddress',
    )
  const { entry, router } = swapNetwork(deps, user.chainId)
  if (Swap.candidatePaths(router, from.address, to.address).length === 0)
    throw new InvalidRequestError('Invalid to: the same token as from (or its wrapped form)', 'to')
  return { user: user.address, from: from.address, to: to.address, entry, router }
}

/** Runs a chain read; the node's refusal of the input is a 400 naming `field`, an outage a 502. */
async function onChain<T>(entry: Network, what: string, field: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw fromChainFailure(entry.network.caipNetworkId, error, what, field)
  }
}

/** The transaction for the wallet: gas estimated from the user (the spec's estimate when it cannot be), the standard gas price. */
async function transaction(
  entry: Network,
  call: { from: Address; to: Address; data: Hex; value: bigint },
): Promise<ConvertTransaction> {
  const [gas, prices] = await onChain(entry, 'gas estimate', 'userAddress', () =>
    Promise.all([
      Swap.estimateGas(entry.upstream, call, BigInt(swapGasEstimate)),
      readGasPrice(entry.upstream),
    ]),
  )
  return {
    from: call.from,
    to: call.to,
    data: call.data,
    value: String(call.value),
    eip155: { gas: String(gas), gasPrice: prices.standard },
  }
}

export function register(app: App, deps: Deps): void {
  app.get('/v1/convert/tokens', requireProject(deps, { from: 'query' }), (c) => {
    const { chainId } = validate.query(c, ConvertTokensQuery)
    const { entry } = swapNetwork(deps, chainId)
    const { network } = entry
    const native: ConvertToken = {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      address: formatAddress(network.caipNetworkId, nativeTokenAddress),
      decimals: network.nativeCurrency.decimals,
      logoUri: deps.prices.native(network).iconUrl,
    }
    // Balances leave out decimals-0 tokens; a whole-unit token has no place in a swap form either.
    const tokens = network.tokens
      .filter((token) => token.decimals > 0)
      .map((token) => ({
        name: token.name,
        symbol: token.symbol,
        address: formatAddress(network.caipNetworkId, token.address),
        decimals: token.decimals,
        logoUri: token.iconUrl ?? '',
      }))
    const sorted = [native, ...tokens].sort((a, b) => a.symbol.localeCompare(b.symbol, 'en'))
    return c.json({ tokens: sorted } satisfies ConvertTokensResponse)
  })

  app.get('/v1/convert/quotes', requireProject(deps, { from: 'query' }), async (c) => {
    const query = validate.query(c, ConvertQuotesQuery)
    const { from, to, entry, router } = parties(deps, query)
    const amountIn = BigInt(query.amount)
    const found = await onChain(entry, 'quote', 'amount', () =>
      Swap.quote(entry.upstream, router, { from, to, amountIn }),
    )
    const quote: ConvertQuote = {
      fromAmount: query.amount,
      fromAccount: query.from,
      toAmount: String(found.amountOut),
      toAccount: query.to,
      providerFee: String(found.fee),
      path: found.path,
      ...(query.gasPrice === undefined
        ? {}
        : { networkFee: String(BigInt(query.gasPrice) * BigInt(swapGasEstimate)) }),
    }
    return c.json({ quotes: [quote] } satisfies ConvertQuotesResponse)
  })

  app.get('/v1/convert/allowance', requireProject(deps, { from: 'query' }), async (c) => {
    const query = validate.query(c, ConvertAllowanceQuery)
    const token = evmParty(query.tokenAddress, 'tokenAddress')
    const user = evmParty(query.userAddress, 'userAddress')
    if (user.chainId !== token.chainId)
      throw new InvalidRequestError('Invalid tokenAddress: not on the network of userAddress', 'tokenAddress')
    const { entry, router } = swapNetwork(deps, token.chainId)
    const allowance = await onChain(entry, 'allowance', 'tokenAddress', () =>
      Swap.allowance(entry.upstream, router, token.address, user.address),
    )
    if (allowance === undefined)
      throw new InvalidRequestError(
        `Invalid tokenAddress: no token contract at ${token.address}`,
        'tokenAddress',
      )
    return c.json({ allowance: String(allowance) } satisfies ConvertAllowanceResponse)
  })

  app.get('/v1/convert/build-approve', requireProject(deps, { from: 'query' }), async (c) => {
    const query = validate.query(c, ConvertBuildApproveQuery)
    const { user, from, entry, router } = parties(deps, query)
    if (Swap.isNative(from))
      throw new InvalidRequestError('Invalid from: the native currency needs no approval', 'from')
    const call = Swap.approveCall(router, from, query.amount === undefined ? undefined : BigInt(query.amount))
    const tx = await transaction(entry, { from: user, ...call, value: 0n })
    return c.json({ tx } satisfies ConvertTransactionResponse)
  })

  app.post(
    '/v1/convert/build-transaction',
    requireProject(deps, { from: 'body', maxBytes: 16 * 1024 }),
    async (c) => {
      const body = validate.body(c.var.body, ConvertBuildTransactionRequest)
      const { user, from, to, entry, router } = parties(deps, body)
      const amountIn = BigInt(body.amount)
      const found = await onChain(entry, 'quote', 'body.amount', () =>
        Swap.quote(entry.upstream, router, { from, to, amountIn }),
      )
      const call = Swap.swapCall(router, {
        from,
        to,
        amountIn,
        amountOutMin: Swap.minimumOut(found.amountOut, body.eip155.slippage),
        path: found.path,
        recipient: user,
        deadline: BigInt(Math.floor(Date.now() / 1000) + Swap.deadlineSeconds),
      })
      const tx = await transaction(entry, { from: user, ...call })
      return c.json({ tx } satisfies ConvertTransactionResponse)
    },
  )
}
