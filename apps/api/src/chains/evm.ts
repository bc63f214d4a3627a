// Reads from EVM chains: balances (native + the token list in one Multicall3 call), fee levels from
// eth_feeHistory, and ENS names where the network configures a universal resolver.
import type { ChainNetwork, GasPriceResponse, TokenBalance } from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  multicall3Abi,
} from 'viem'
import { RpcResponseError } from '../errors.js'
import type { PriceSource } from './Prices.js'
import { type BalanceRead, listedToken, toTokenBalance } from './tokenBalance.js'
import { type Upstream, unwrap } from './Upstream.js'

export async function readBalances(
  upstream: Upstream,
  network: ChainNetwork,
  prices: PriceSource,
  owner: Address,
): Promise<TokenBalance[]> {
  // Balances leave out tokens of 0 decimals, so they are not even asked for.
  const tokens = network.tokens.filter((token) => token.decimals > 0)
  const multicall = network.contracts.multicall3 as Address | undefined
  let nativeRaw: bigint
  let tokenRaws: (bigint | undefined)[]

  if (multicall) {
    const calls = [
      {
        target: multicall,
        allowFailure: true,
        callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] }),
      },
      ...tokens.map((token) => ({
        target: token.address as Address,
        allowFailure: true,
        callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      })),
    ]
    const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] })
    const result = await upstream.request<Hex>('eth_call', [{ to: multicall, data }, 'latest'])
    const decoded = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: result })
    const [native, ...rest] = decoded.map((item) => (item.success ? decodeUint(item.returnData) : undefined))
    nativeRaw = native ?? 0n
    tokenRaws = rest
  } else {
    // No Multicall3 on this network: one JSON-RPC batch instead, still one round trip.
    const answers = await upstream.batch([
      { method: 'eth_getBalance', params: [owner, 'latest'] },
      ...tokens.map((token) => ({
        method: 'eth_call',
        params: [
          {
            to: token.address,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
          },
          'latest',
        ],
      })),
    ])
    const [native, ...rest] = answers
    nativeRaw = BigInt(unwrap<Hex>(native!))
    tokenRaws = rest.map((item) => (item.error ? undefined : decodeUint(item.result as Hex)))
  }

  const nativeInfo = prices.native(network)
  const reads: BalanceRead[] = [{ ...nativeInfo, raw: nativeRaw }]
  tokens.forEach((token, i) => {
    const raw = tokenRaws[i]
    // A token that reverts (not deployed on this chain) or holds nothing is left out.
    if (raw === undefined || raw === 0n) return
    reads.push(listedToken(token, raw))
  })
  return reads.map((read) => toTokenBalance(network.caipNetworkId, read))
}

function decodeUint(data: Hex): bigint | undefined {
  // A non-contract target answers success with empty data; treat that as "no balance" rather than 0.
  if (!data || data === '0x' || data.length < 66) return undefined
  return BigInt(data.slice(0, 66))
}

/** Percentiles of the priority fee sampled over the last blocks: standard, fast, instant. */
const rewardPercentiles = [25, 50, 75]
const feeHistoryBlocks = 10

export async function readGasPrice(upstream: Upstream): Promise<GasPriceResponse> {
  let history: { baseFeePerGas: Hex[]; reward?: Hex[][] }
  try {
    history = await upstream.request('eth_feeHistory', [
      `0x${feeHistoryBlocks.toString(16)}`,
      'latest',
      rewardPercentiles,
    ])
  } catch (error) {
    if (!(error instanceof RpcResponseError)) throw error
    // Pre-London chains have no fee history: fall back to the legacy gas price.
    const gasPrice = BigInt(await upstream.request<Hex>('eth_gasPrice'))
    return {
      standard: String(gasPrice),
      fast: String((gasPrice * 110n) / 100n),
      instant: String((gasPrice * 125n) / 100n),
    }
  }
  // The last entry is the base fee of the next block, which is what a new transaction pays.
  const nextBase = BigInt(history.baseFeePerGas.at(-1) ?? '0x0')
  const tips = rewardPercentiles.map((_, p) =>
    median((history.reward ?? []).map((row) => BigInt(row[p] ?? '0x0'))),
  )
  // Faster levels also absorb base-fee rises: EIP-1559 lets it grow 12.5% per full block.
  const standard = nextBase + tips[0]!
  const fast = (nextBase * 1125n) / 1000n + tips[1]!
  const instant = (nextBase * 1266n) / 1000n + tips[2]!
  return {
    standard: String(standard),
    fast: String(fast > standard ? fast : standard),
    instant: String(instant > fast ? instant : fast > standard ? fast : standard),
  }
}

function median(values: bigint[]): bigint {
  if (values.length === 0) return 0n
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * ENS reverse resolution through the network's universal resolver (contracts.ensUniversalResolver).
 * The avatar is the raw `avatar` text record when it is an http(s) or data URL: resolving NFT avatars
 * would make the API fetch arbitrary third-party URLs.
 */
export async function readEnsIdentity(
  upstream: Upstream,
  network: ChainNetwork,
  address: Address,
): Promise<{ name: string | null; avatar: string | null }> {
  const universalResolver = network.contracts.ensUniversalResolver as Address
  const client = createPublicClient({
    chain: {
      id: Number(network.id),
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: [] } },
      contracts: { ensUniversalResolver: { address: universalResolver } },
    },
    transport: custom({ request: ({ method, params }) => upstream.request(method, params) }),
    // Offchain (CCIP-read) names would make the API fetch gateway URLs chosen by the name's owner.
    ccipRead: false,
  })
  const name = await client.getEnsName({ address })
  if (!name) return { name: null, avatar: null }
  const avatar = await client.getEnsText({ name, key: 'avatar' }).catch(() => null)
  return { name, avatar: avatar && /^(https?:|data:image\/)/.test(avatar) ? avatar : null }
}
