// wallet_getAssets (ERC-7811) from the API, for the embedded wallet and for any wallet that lacks the
// method: the connected account's assets on each EVM network the host enabled, read from the API's
// token balances (the Account view's source) and
// answered in base units as hex, the native currency as `native`. The API reports decimal amounts
// formatted without rounding, so parsing them back with their decimals gives the exact base units.
import {
  type Asset,
  BalanceResponse,
  type CaipNetworkId,
  type ChainNetwork,
  GetAssetsParams,
  type GetAssetsRequest,
  type GetAssetsResult,
  InvalidParamsError,
  type TokenBalance,
  UnauthorizedError,
} from '@walletframe/protocol'
import { type Address, parseUnits, toHex } from 'viem'
import { toProviderError } from '../lib/errors.js'
import type { Client } from './client.js'

export type Context = {
  /** The account in use (the smart account or the EOA): the one the wallet answers for. */
  readonly account: Address
  /** The EVM networks the host enabled. */
  readonly networks: readonly ChainNetwork[]
  /** The API's token balances of `address` on `network`. */
  balances(address: Address, network: CaipNetworkId): Promise<readonly TokenBalance[]>
}

/**
 * The API's token balances (GET /v1/account/{address}/balance), one network at a time: without the
 * Account view's retry block, so a dapp's call fails with the API's own error, not an empty answer.
 */
export function balancesFrom(api: Pick<Client, 'get'>): Context['balances'] {
  return async (address, chainId) => {
    const path = `v1/account/${encodeURIComponent(address)}/balance`
    return (await api.get(path, { query: { currency: 'usd', chainId }, schema: BalanceResponse })).balances
  }
}

const hexChainId = (network: Pick<ChainNetwork, 'id'>) => `0x${Number(network.id).toString(16)}`

/** One API balance as an ERC-7811 asset: a token with no contract address is the native currency. */
export function toAsset(balance: TokenBalance): Asset {
  const decimals = Number(balance.quantity.decimals)
  const contract = balance.address?.split(':')[2]
  return {
    address: contract ? (contract.toLowerCase() as Address) : 'native',
    balance: toHex(parseUnits(balance.quantity.numeric, decimals)),
    type: contract ? 'erc20' : 'native',
    metadata: { decimals, name: balance.name, symbol: balance.symbol },
  }
}

/**
 * The assets of one chain the filters let through: `assetTypeFilter` keeps those kinds, and
 * `assetFilter`, where it names assets on this chain, keeps only those.
 */
export function filtered(
  assets: readonly Asset[],
  chainId: string,
  request: Pick<GetAssetsRequest, 'assetFilter' | 'assetTypeFilter'>,
): Asset[] {
  const types = request.assetTypeFilter
  // Keys are compared as numbers: a dapp may write the same chain as 0x2A or 0x2a.
  const named = Object.entries(request.assetFilter ?? {}).find(
    ([key]) => BigInt(key) === BigInt(chainId),
  )?.[1]
  return assets.filter(
    (asset) =>
      (!types || types.includes(asset.type)) &&
      (!named ||
        named.some((wanted) => wanted.type === asset.type && wanted.address.toLowerCase() === asset.address)),
  )
}

/**
 * The chains to answer for: the host's EVM networks, narrowed to `chainFilter` and to the chains
 * `assetFilter` names, when given (a chain the host did not enable is never read).
 */
export function chainsOf(
  networks: readonly ChainNetwork[],
  request: Pick<GetAssetsRequest, 'assetFilter' | 'chainFilter'>,
): ChainNetwork[] {
  const wanted = (id: string, list: readonly string[] | undefined) =>
    !list || list.some((chainId) => BigInt(chainId) === BigInt(id))
  const named = request.assetFilter && Object.keys(request.assetFilter)
  return networks.filter((network) => {
    const id = hexChainId(network)
    return wanted(id, request.chainFilter) && wanted(id, named)
  })
}

/** Parses the params: -32602 with the first problem, 4100 for an account other than the connected one. */
export function parse(context: Pick<Context, 'account'>, params: unknown): GetAssetsRequest {
  const result = GetAssetsParams.safeParse(params)
  if (!result.success)
    throw new InvalidParamsError(result.error.issues[0]?.message ?? 'Invalid wallet_getAssets parameters')
  const [request] = result.data
  if (request.account.toLowerCase() !== context.account.toLowerCase())
    throw new UnauthorizedError(`This wallet answers wallet_getAssets for ${context.account} only`)
  return request
}

/** Answers wallet_getAssets, its errors as EIP-1193 errors. */
export async function request(context: Context, params: unknown): Promise<GetAssetsResult> {
  try {
    const request = parse(context, params)
    const answered = await Promise.all(
      chainsOf(context.networks, request).map(async (network) => {
        const chainId = hexChainId(network)
        const balances = await context.balances(context.account, network.caipNetworkId)
        return [chainId, filtered(balances.map(toAsset), chainId, request)] as const
      }),
    )
    return Object.fromEntries(answered)
  } catch (error) {
    throw toProviderError(error)
  }
}
