// What simulated calls did, read from what the node hands back whichever way it simulated: the logs
// (approvals, NFT moves, the tokens that moved) and the sender's balances before and after.
import type { AssetChange, GrantedApproval, NftTransfer, SimulateResponse } from '@walletframe/protocol'
import {
  type Address,
  type Client,
  decodeEventLog,
  erc20Abi,
  type Hex,
  isAddressEqual,
  type Log,
  maxUint256,
  parseAbi,
  toEventSelector,
  zeroAddress,
} from 'viem'
import { multicall } from 'viem/actions'
import type { Network } from './Networks.js'

/** The events read from the simulated logs; ERC-20 and ERC-721 share Transfer's signature. */
const events = parseAbi([
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
])
const transferTopic = toEventSelector('Transfer(address,address,uint256)')

/** The native currency's token address in answers, as wallets and swap APIs write it. */
export const nativeTokenAddress = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export type SimulatedCall = { to: Address; data?: Hex; value?: bigint }

/** A simulation the node refused as a whole: the request would fail, for the node's `reason`. */
export function refused(reason: string, blockNumber: bigint): SimulateResponse {
  return {
    status: 'reverted',
    failure: { reason },
    gasUsed: '0',
    assetChanges: [],
    approvals: [],
    nftTransfers: [],
    blockNumber: blockNumber.toString(),
  }
}

/** A token's balance of the sender before the calls, with its symbol and decimals where it has them. */
export type TokenRead = { before?: bigint; symbol?: string; decimals?: number }

/** The sender's balance of each token on the pinned block, and the token's symbol and decimals. */
export async function readTokens(
  client: Client,
  options: { from: Address; tokens: Address[]; blockNumber: bigint; multicallAddress: Address },
): Promise<TokenRead[]> {
  const { from, tokens, blockNumber, multicallAddress } = options
  const [before, meta] = await Promise.all([
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
  ])
  return tokens.map((_, index) => {
    const balance = before[index]
    const symbol = meta[index * 2]?.result
    const decimals = meta[index * 2 + 1]?.result
    return {
      ...(balance?.status === 'success' && { before: balance.result }),
      ...(typeof symbol === 'string' && { symbol }),
      ...(typeof decimals === 'number' && { decimals }),
    }
  })
}

/**
 * The sender's balances that move, native first: a balance unknown before or after is left out rather
 * than guessed, and one that ends where it began is no change.
 */
export function assetChangesOf(
  entry: Pick<Network, 'network'>,
  balances: {
    native: { before?: bigint | undefined; after?: bigint | undefined }
    tokens: (TokenRead & { address: Address; after?: bigint | undefined })[]
  },
): AssetChange[] {
  const { symbol, decimals } = entry.network.nativeCurrency
  const all = [
    { ...balances.native, address: nativeTokenAddress as Address, symbol, decimals },
    ...balances.tokens,
  ]
  const changes: AssetChange[] = []
  for (const { address, before, after, symbol, decimals } of all) {
    if (before === undefined || after === undefined || before === after) continue
    changes.push({
      token: {
        address,
        ...(symbol !== undefined && { symbol }),
        ...(decimals !== undefined && { decimals }),
      },
      pre: before.toString(),
      post: after.toString(),
      diff: (after - before).toString(),
    })
  }
  return changes
}

/**
 * The node's words when it refuses a simulation as a whole for a reason the calls carry: the
 * eth_simulateV1 codes -38010 to -38026 (nonce, funds, gas, fee, init code, intrinsic gas), or -32003,
 * "transaction rejected", which some nodes answer instead.
 */
export function refusalOf(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'number' && (code === -32003 || (code <= -38010 && code >= -38026)))
      return cause.message
  }
  return undefined
}

/** The ERC-20 tokens whose Transfer logs move something to or from `account` (NFTs' have a fourth topic). */
export function fungibleTokensMoved(logs: Log[], account: Address): Address[] {
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

/**
 * How much of each ERC-20 token the Transfer logs move into `account` (negative: out of it), by token
 * address in lower case: the balance change when a node traces the calls instead of simulating them.
 */
export function fungibleDeltas(logs: Log[], account: Address): Map<Address, bigint> {
  const deltas = new Map<Address, bigint>()
  for (const log of logs) {
    if (log.topics.length !== 3 || log.topics[0] !== transferTopic) continue
    const event = erc20Transfer(log)
    if (!event) continue
    const { from, to, value } = event.args
    const token = log.address.toLowerCase() as Address
    const moved = (isAddressEqual(to, account) ? value : 0n) - (isAddressEqual(from, account) ? value : 0n)
    deltas.set(token, (deltas.get(token) ?? 0n) + moved)
  }
  return deltas
}

function erc20Transfer(log: Log) {
  try {
    return decodeEventLog({ abi: erc20Abi, eventName: 'Transfer', data: log.data, topics: log.topics })
  } catch {
    // A Transfer whose data is not one amount is no token's balance change that can be read.
    return undefined
  }
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
