// What EVM calls would do, from the node's own simulation (eth_simulateV1): the sender's balances
// before and after (native and every token whose Transfer logs name the sender), the approvals and NFT
// moves their logs show, and the first call that fails. Only the sender's side is read: that is what
// the wallet holder approves. Balances are read with plain calls (Multicall3 and balanceOf), not with
// contract-creation probes: not every node simulates a call without a target.
import type { AssetChange, GrantedApproval, NftTransfer, SimulateResponse } from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  custom,
  decodeEventLog,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddressEqual,
  type Log,
  maxUint256,
  multicall3Abi,
  parseAbi,
  toEventSelector,
  zeroAddress,
} from 'viem'
import { multicall, simulateBlocks } from 'viem/actions'
import type { Network } from './Networks.js'

/** The events read from the simulated logs; ERC-20 and ERC-721 share Transfer's signature. */
const events = parseAbi([
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
])
const transferTopic = toEventSelector('Transfer(address,address,uint256)')

/** Multicall3 sits at one address on every chain that has it. */
const canonicalMulticall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
/** The native currency's token address in answers, as wallets and swap APIs write it. */
export const nativeTokenAddress = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export type SimulatedCall = { to: Address; data?: Hex; value?: bigint }

export async function simulate(
  entry: Network,
  request: { from: Address; calls: SimulatedCall[] },
): Promise<SimulateResponse> {
  const client = createPublicClient({
    transport: custom({ request: ({ method, params }) => entry.upstream.request(method, params) }),
  })
  const { from } = request
  const multicallAddress = (entry.network.contracts.multicall3 as Address | undefined) ?? canonicalMulticall3
  // One block for everything, so that before and after are read on the same state.
  const blockNumber = await client.getBlockNumber()
  const calls = request.calls.map((call) => ({ ...call, account: from }))
  let simulated: Awaited<ReturnType<typeof simulateBlocks>>
  try {
    simulated = await simulateBlocks(client, { blockNumber, blocks: [{ calls }] })
  } catch (error) {
    // The node refusing the calls as a whole (the sender cannot pay, a nonce, a gas limit) is an
    // outcome of the simulation: the request would fail. Anything else is the node's failure.
    const refusal = refusalOf(error)
    if (!refusal) throw error
    return {
      status: 'reverted',
      failure: { reason: refusal },
      gasUsed: '0',
      assetChanges: [],
      approvals: [],
      nftTransfers: [],
      blockNumber: blockNumber.toString(),
    }
  }
  const [first] = simulated
  const results = first?.calls ?? []
  const logs = results.flatMap((result) => (result.logs ?? []) as Log[])
  const failed = results.findIndex((result) => result.status === 'failure')
  const failure = failed === -1 ? undefined : results[failed]
  const gasUsed = results.reduce((sum, result) => sum + (result.gasUsed ?? 0n), 0n).toString()
  const base = { gasUsed, blockNumber: blockNumber.toString() }
  if (failure)
    // Nothing of a batch that reverts happens: no changes to show, and the reason instead.
    return {
      ...base,
      status: 'reverted',
      failure: {
        call: failed,
        reason: (failure.error as { shortMessage?: string } | undefined)?.shortMessage ?? 'The call reverted',
      },
      assetChanges: [],
      approvals: [],
      nftTransfers: [],
    }

  const nfts = nftTransfers(logs, from)
  const tokens = fungibleTokensMoved(logs, from)
  const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [from] })
  const ethBalance = encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [from] })
  const [nativeBefore, tokensBefore, meta, [, after]] = await Promise.all([
    client.getBalance({ address: from, blockNumber }),
    multicall(client, {
      blockNumber,
      multicallAddress,
      contracts: tokens.map(
        (token) => ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] }) as const,
      ),
    }),
    multicall(client, {
      blockNumber,
      multicallAddress,
      contracts: tokens.flatMap(
        (token) =>
          [
            { address: token, abi: erc20Abi, functionName: 'symbol' },
            { address: token, abi: erc20Abi, functionName: 'decimals' },
          ] as const,
      ),
    }),
    // The calls again, then the balances read in a second block on the state they leave.
    simulateBlocks(client, {
      blockNumber,
      blocks: [
        { calls },
        {
          calls: [
            { account: zeroAddress, to: multicallAddress, data: ethBalance },
            ...tokens.map((token) => ({ account: zeroAddress, to: token, data: balanceOf })),
          ],
        },
      ],
    }),
  ])
  const postBalances = (after?.calls ?? []).map((call) =>
    call.status === 'success' && call.data !== '0x'
      ? (decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: call.data }) as bigint)
      : undefined,
  )
  const native = entry.network.nativeCurrency
  const assetChanges: AssetChange[] = []
  for (const [index, token] of [nativeTokenAddress, ...tokens].entries()) {
    const read = tokensBefore[index - 1]
    const before = index === 0 ? nativeBefore : read?.status === 'success' ? read.result : undefined
    const later = postBalances[index]
    if (before === undefined || later === undefined || before === later) continue
    const symbol = index === 0 ? native.symbol : meta[(index - 1) * 2]?.result
    const decimals = index === 0 ? native.decimals : meta[(index - 1) * 2 + 1]?.result
    assetChanges.push({
      token: {
        address: token,
        ...(typeof symbol === 'string' && { symbol }),
        ...(typeof decimals === 'number' && { decimals }),
      },
      pre: before.toString(),
      post: later.toString(),
      diff: (later - before).toString(),
    })
  }
  return { ...base, status: 'success', assetChanges, approvals: approvals(logs, from), nftTransfers: nfts }
}

/**
 * The node's words when it refuses a simulation as a whole for a reason the calls carry: the
 * eth_simulateV1 codes -38010 to -38026 (nonce, funds, gas, fee, init code, intrinsic gas), or -32003,
 * "transaction rejected", which some nodes answer instead.
 */
function refusalOf(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'number' && (code === -32003 || (code <= -38010 && code >= -38026)))
      return cause.message
  }
  return undefined
}

/** The ERC-20 tokens whose Transfer logs move something to or from `account` (NFTs' have a fourth topic). */
function fungibleTokensMoved(logs: Log[], account: Address): Address[] {
  const padded = `0x${account.slice(2).toLowerCase().padStart(64, '0')}`
  const moved = logs.filter(
    (log) =>
      log.topics.length === 3 &&
      log.topics[0] === transferTopic &&
      (log.topics[1]?.toLowerCase() === padded || log.topics[2]?.toLowerCase() === padded),
  )
  return [...new Set(moved.map((log) => log.address.toLowerCase() as Address))].filter(
    (address) => !isAddressEqual(address, zeroAddress),
  )
}

function decoded(log: Log) {
  try {
    return decodeEventLog({ abi: events, data: log.data, topics: log.topics, strict: true })
  } catch {
    // ERC-20's Transfer has the same signature with the amount unindexed: not an NFT; and any
    // other event is not read here.
    return undefined
  }
}

/** The allowances granted by `owner` in the simulated logs, the last one per token and spender. */
export function approvals(logs: Log[], owner: Address): GrantedApproval[] {
  const granted = new Map<string, GrantedApproval>()
  for (const log of logs) {
    const event = decoded(log)
    if (event?.eventName === 'Approval' && isAddressEqual(event.args.owner, owner))
      granted.set(`erc20:${log.address}:${event.args.spender}`.toLowerCase(), {
        kind: 'erc20',
        token: log.address,
        spender: event.args.spender,
        amount: event.args.value.toString(),
        unlimited: event.args.value === maxUint256,
      })
    if (event?.eventName === 'ApprovalForAll' && isAddressEqual(event.args.owner, owner))
      granted.set(`all:${log.address}:${event.args.operator}`.toLowerCase(), {
        kind: 'all',
        token: log.address,
        spender: event.args.operator,
        unlimited: event.args.approved,
        approved: event.args.approved,
      })
  }
  return [...granted.values()]
}

/** The NFTs the simulated logs move to or from `account`. */
export function nftTransfers(logs: Log[], account: Address): NftTransfer[] {
  const transfers: NftTransfer[] = []
  for (const log of logs) {
    const event = decoded(log)
    if (!event || (event.eventName !== 'Transfer' && event.eventName !== 'TransferSingle')) continue
    const { from, to } = event.args
    if (!isAddressEqual(from, account) && !isAddressEqual(to, account)) continue
    transfers.push(
      event.eventName === 'Transfer'
        ? {
            standard: 'erc721',
            contract: log.address,
            tokenId: event.args.tokenId.toString(),
            amount: '1',
            from,
            to,
          }
        : {
            standard: 'erc1155',
            contract: log.address,
            tokenId: event.args.id.toString(),
            amount: event.args.value.toString(),
            from,
            to,
          },
    )
  }
  return transfers
}
