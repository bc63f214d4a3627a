// ERC-721 reads on an EVM chain: who owns each token now (ownerOf) and where its metadata is
// (tokenURI), many calls per round trip: Multicall3's aggregate3 when the network configures it,
// else a JSON-RPC batch of eth_calls.
import type { ChainNetwork } from '@walletframe/protocol'
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc721Abi,
  getAddress,
  type Hex,
  multicall3Abi,
} from 'viem'
import type { Upstream } from './Upstream.js'

export type TokenRef = { contract: Address; tokenId: bigint }

export type TokenRead = {
  /** Undefined when ownerOf reverts (burned, never minted) or the contract is none. */
  owner: Address | undefined
  /** Undefined when not asked for or when tokenURI reverts. */
  tokenUri: string | undefined
}

/** Calls per aggregate3 (one eth_call) or per JSON-RPC batch; well under a node's gas and batch caps. */
const callsPerRound = 200

export async function readTokens(
  upstream: Upstream,
  network: Pick<ChainNetwork, 'contracts'>,
  tokens: readonly TokenRef[],
  options: { tokenUri: boolean },
): Promise<TokenRead[]> {
  const calls = tokens.flatMap((token) => [
    {
      to: token.contract,
      data: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [token.tokenId] }),
    },
    ...(options.tokenUri
      ? [
          {
            to: token.contract,
            data: encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [token.tokenId] }),
          },
        ]
      : []),
  ])
  const multicall = network.contracts.multicall3 as Address | undefined
  const answers: (Hex | undefined)[] = []
  const rounds: Promise<(Hex | undefined)[]>[] = []
  for (let i = 0; i < calls.length; i += callsPerRound) {
    const slice = calls.slice(i, i + callsPerRound)
    rounds.push(multicall ? aggregate(upstream, multicall, slice) : batch(upstream, slice))
  }
  for (const round of await Promise.all(rounds)) answers.push(...round)
  const step = options.tokenUri ? 2 : 1
  return tokens.map((_, i) => ({
    owner: decodeOwner(answers[i * step]),
    tokenUri: options.tokenUri ? decodeUri(answers[i * step + 1]) : undefined,
  }))
}

type Call = { to: Address; data: Hex }

async function aggregate(
  upstream: Upstream,
  multicall: Address,
  calls: Call[],
): Promise<(Hex | undefined)[]> {
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [calls.map((call) => ({ target: call.to, allowFailure: true, callData: call.data }))],
  })
  const result = await upstream.request<Hex>('eth_call', [{ to: multicall, data }, 'latest'])
  const decoded = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: result })
  return decoded.map((item) => (item.success ? item.returnData : undefined))
}

async function batch(upstream: Upstream, calls: Call[]): Promise<(Hex | undefined)[]> {
  const answers = await upstream.batch(
    calls.map((call) => ({ method: 'eth_call', params: [call, 'latest'] })),
  )
  // A revert is this token's answer, not the chain's failure: the token is left out, the rest stand.
  return answers.map((answer) => (answer.error ? undefined : (answer.result as Hex)))
}

function decodeOwner(data: Hex | undefined): Address | undefined {
  // A call to an address without code succeeds with empty data.
  if (!data || data === '0x') return undefined
  try {
    return getAddress(decodeFunctionResult({ abi: erc721Abi, functionName: 'ownerOf', data }))
  } catch {
    return undefined
  }
}

function decodeUri(data: Hex | undefined): string | undefined {
  if (!data || data === '0x') return undefined
  try {
    return decodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', data })
  } catch {
    return undefined
  }
}
