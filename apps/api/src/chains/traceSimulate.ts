// What EVM calls would do, from debug_traceCall where the node does not serve eth_simulateV1: the
// prestateTracer's diff gives each account's balance before and after, the callTracer's logs give the
// approvals, NFT moves and token transfers, read as the eth_simulateV1 path reads its own. The calls of
// a batch are traced one after another, each on the state the previous one left (stateOverrides).
import type { SimulateResponse } from '@walletframe/protocol'
import {
  AbiDecodingZeroDataError,
  type Address,
  createPublicClient,
  custom,
  getContractError,
  type Hex,
  type Log,
  RawContractError,
  toHex,
} from 'viem'
import type { Network } from './Networks.js'
import {
  approvals,
  assetChangesOf,
  fungibleDeltas,
  fungibleTokensMoved,
  nftTransfers,
  readTokens,
  refusalOf,
  refused,
  type SimulatedCall,
} from './simulatedEffects.js'

/** One frame of the callTracer's answer; `logs` only with `withLog`, and only where the frame did not revert. */
export type CallFrame = {
  gasUsed: Hex
  output?: Hex
  error?: string
  logs?: { address: Address; topics: Hex[]; data: Hex; position?: Hex | number }[]
  calls?: CallFrame[]
}

/** One account in the prestateTracer's diff; a field left out of `post` did not change. */
type AccountState = { balance?: Hex; nonce?: number; code?: Hex; storage?: Record<Hex, Hex> }
type StateDiff = { pre: Record<Address, AccountState>; post: Record<Address, AccountState> }

/** The state a traced call runs on: the accounts the calls before it changed, as debug_traceCall takes them. */
type StateOverrides = Record<
  Address,
  { balance?: Hex; nonce?: Hex; code?: Hex; stateDiff?: Record<Hex, Hex> }
>

const zeroWord = `0x${'0'.repeat(64)}` as Hex

/**
 * Whether the node does not serve eth_simulateV1: JSON-RPC -32601 (method not found) or -32004 (method
 * not supported, EIP-1474), or the same said only in words, anywhere in the error's cause chain.
 */
export function isSimulateUnsupported(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code
    if (code === -32601 || code === -32004) return true
    // Words alone only where they name the method: "not supported" also says a transaction type is refused.
    if (
      /\b(method|eth_simulateV1)\b.*\b(not (found|supported|available)|does not exist)/i.test(cause.message)
    )
      return true
  }
  return false
}

export declare namespace traceSimulate {
  type Options = {
    /** The account that would send the calls. */
    from: Address
    calls: SimulatedCall[]
    /** The block the simulation is pinned to. */
    blockNumber: bigint
    /** Where the token reads batch their calls. */
    multicallAddress: Address
  }
}

export async function traceSimulate(
  entry: Network,
  options: traceSimulate.Options,
): Promise<SimulateResponse> {
  const { from, calls, blockNumber, multicallAddress } = options
  const block = toHex(blockNumber)
  const overrides: StateOverrides = {}
  const logs: Log[] = []
  let gasUsed = 0n
  let nativeBefore: bigint | undefined
  for (const [index, call] of calls.entries()) {
    const transaction = {
      from,
      to: call.to,
      ...(call.data && { data: call.data }),
      ...(call.value !== undefined && { value: toHex(call.value) }),
    }
    const trace = (tracer: object) =>
      entry.upstream.request('debug_traceCall', [
        transaction,
        block,
        { ...tracer, stateOverrides: overrides },
      ])
    let frame: CallFrame
    let diff: StateDiff
    try {
      ;[frame, diff] = (await Promise.all([
        trace({ tracer: 'callTracer', tracerConfig: { withLog: true } }),
        trace({ tracer: 'prestateTracer', tracerConfig: { diffMode: true } }),
      ])) as [CallFrame, StateDiff]
    } catch (error) {
      // As on the main path: the node refusing the call itself (the sender cannot pay) is the outcome.
      const refusal = refusalOf(error)
      if (!refusal) throw error
      return refused(refusal, blockNumber)
    }
    gasUsed += BigInt(frame.gasUsed)
    if (frame.error !== undefined)
      // Nothing of a batch that reverts happens: no changes to show, and the reason instead.
      return {
        status: 'reverted',
        failure: { call: index, reason: revertReason(frame, call.to) },
        gasUsed: gasUsed.toString(),
        assetChanges: [],
        approvals: [],
        nftTransfers: [],
        blockNumber: blockNumber.toString(),
      }
    nativeBefore ??= balanceIn(diff.pre, from)
    logs.push(...logsOf(frame))
    carry(overrides, diff)
  }

  const tokens = fungibleTokensMoved(logs, from)
  const deltas = fungibleDeltas(logs, from)
  const client = createPublicClient({
    transport: custom({ request: ({ method, params }) => entry.upstream.request(method, params) }),
  })
  const [nativeOnBlock, read] = await Promise.all([
    // A sender no call touched is absent from every diff: its balance is the block's.
    nativeBefore === undefined ? client.getBalance({ address: from, blockNumber }) : nativeBefore,
    readTokens(client, { from, tokens, blockNumber, multicallAddress }),
  ])
  const nativeAfter = overrides[lower(from)]?.balance
  return {
    status: 'success',
    gasUsed: gasUsed.toString(),
    blockNumber: blockNumber.toString(),
    assetChanges: assetChangesOf(entry, {
      native: {
        before: nativeOnBlock,
        after: nativeAfter === undefined ? nativeOnBlock : BigInt(nativeAfter),
      },
      tokens: tokens.map((address, index) => {
        const token = read[index] ?? {}
        const delta = deltas.get(lower(address)) ?? 0n
        return { ...token, address, after: token.before === undefined ? undefined : token.before + delta }
      }),
    }),
    approvals: approvals(logs, from),
    nftTransfers: nftTransfers(logs, from),
  }
}

/** The chain's reason for a revert, worded as viem words it for eth_simulateV1's failed calls. */
function revertReason(frame: CallFrame, to: Address): string {
  const data = frame.output
  const error =
    data === undefined || data === '0x' ? new AbiDecodingZeroDataError() : new RawContractError({ data })
  return getContractError(error, { abi: [], address: to, args: [], functionName: '<unknown>' }).shortMessage
}

/** The logs of a call in execution order, the frames that reverted left out (their logs never happen). */
export function logsOf(frame: CallFrame): Log[] {
  if (frame.error !== undefined) return []
  // A log's `position` is how many sub-calls the frame had made when it was emitted; a tracer that
  // leaves it out puts the frame's own logs first, which matters only for the last approval per spender.
  const calls = frame.calls ?? []
  const slot = (position: Hex | number | undefined) =>
    position === undefined ? 0 : Math.min(Number(position), calls.length)
  const ordered: Log[] = []
  for (let index = 0; index <= calls.length; index++) {
    for (const log of frame.logs ?? [])
      if (slot(log.position) === index)
        ordered.push({ address: log.address, topics: log.topics, data: log.data } as Log)
    const call = calls[index]
    if (call) ordered.push(...logsOf(call))
  }
  return ordered
}

/**
 * The post-state of one traced call folded into the overrides the next one runs on. The diff's `pre`
 * names only the storage slots that changed, and `post` leaves out the ones set to zero.
 */
function carry(overrides: StateOverrides, diff: StateDiff): void {
  for (const [address, pre] of Object.entries(diff.pre) as [Address, AccountState][]) {
    const post = diff.post[address] ?? {}
    const account = overrides[lower(address)] ?? {}
    overrides[lower(address)] = account
    if (post.balance !== undefined) account.balance = post.balance
    if (post.nonce !== undefined) account.nonce = toHex(post.nonce)
    if (post.code !== undefined) account.code = post.code
    const slots = { ...Object.fromEntries(Object.keys(pre.storage ?? {}).map((slot) => [slot, zeroWord])) }
    Object.assign(slots, post.storage)
    if (Object.keys(slots).length > 0) account.stateDiff = { ...account.stateDiff, ...slots }
  }
  // An account the call created has no `pre`.
  for (const [address, post] of Object.entries(diff.post) as [Address, AccountState][]) {
    if (diff.pre[address]) continue
    overrides[lower(address)] = {
      ...(post.balance !== undefined && { balance: post.balance }),
      ...(post.nonce !== undefined && { nonce: toHex(post.nonce) }),
      ...(post.code !== undefined && { code: post.code }),
      ...(post.storage && { stateDiff: post.storage }),
    }
  }
}

function balanceIn(accounts: Record<Address, AccountState>, address: Address): bigint | undefined {
  const balance = accounts[lower(address)]?.balance
  return balance === undefined ? undefined : BigInt(balance)
}

function lower(address: Address): Address {
  return address.toLowerCase() as Address
}
