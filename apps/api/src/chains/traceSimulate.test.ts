// The debug_traceCall path against the devstack's anvil, forced by a forwarder that answers
// eth_simulateV1 as a node without it does: its answers must be the eth_simulateV1 path's.
import { devnets } from '@walletframe/devstack/testing'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  MethodNotFoundRpcError,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { RpcResponseError } from '../errors.js'
import * as Networks from './Networks.js'
import { type SimulatedCall, simulate } from './simulate.js'
import { isSimulateUnsupported, logsOf } from './traceSimulate.js'

const chains = devnets()
const sender = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const stranger = '0x000000000000000000000000000000000000dEaD' as Address

/** A node without eth_simulateV1: -32601 for it, anvil's answer for everything else; counts the traces. */
function withoutSimulateV1() {
  const seen: string[] = []
  const forward: typeof fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string }
    seen.push(body.method)
    if (body.method === 'eth_simulateV1')
      return Response.json({
        jsonrpc: '2.0',
        id: body.id,
        error: { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' },
      })
    return fetch(input, init)
  }
  return { forward, seen }
}

function networks() {
  const network = chains.networkOf(8453)
  const node = withoutSimulateV1()
  const direct = Networks.fromConfig([network], { timeoutMs: 20_000 }).get(network.caipNetworkId)!
  const traced = Networks.fromConfig([network], { timeoutMs: 20_000, fetch: node.forward }).get(
    network.caipNetworkId,
  )!
  return { network, direct, traced, seen: node.seen }
}

/** Both paths on the same calls; the block each pinned is its own. */
async function both(calls: SimulatedCall[]) {
  const { direct, traced, seen } = networks()
  const [main, fallback] = await Promise.all([
    simulate(direct, { from: sender, calls }),
    simulate(traced, { from: sender, calls }),
  ])
  expect(seen).toContain('debug_traceCall')
  return { main: { ...main, blockNumber: '' }, fallback: { ...fallback, blockNumber: '' } }
}

/** The devnet's USDC, and its transfer of `amount` base units to the stranger (more than anyone holds reverts). */
const usdcOf = () => chains.networkOf(8453).contracts.usdc as Address
const usdcTransfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger, amount] })
const moreThanAnyoneHolds = parseUnits('1000000000000', 6)

describe('traceSimulate', () => {
  it('a plain ETH send: the same fall in the native balance as eth_simulateV1 answers', async () => {
    const { main, fallback } = await both([{ to: stranger, value: parseEther('1.5') }])
    expect(fallback.assetChanges).toEqual([
      expect.objectContaining({ diff: (-parseEther('1.5')).toString() }),
    ])
    expect(fallback).toEqual(main)
  })

  it('an ERC-20 transfer: the token, its symbol and decimals and the amount, as eth_simulateV1 answers', async () => {
    const { main, fallback } = await both([{ to: usdcOf(), data: usdcTransfer(parseUnits('5', 6)) }])
    expect(fallback.assetChanges).toEqual([
      expect.objectContaining({
        token: expect.objectContaining({ symbol: 'USDC', decimals: 6 }),
        diff: (-parseUnits('5', 6)).toString(),
      }),
    ])
    expect(fallback).toEqual(main)
  })

  it('an unlimited approve is a granted unlimited allowance, as eth_simulateV1 answers', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, maxUint256] })
    const { main, fallback } = await both([{ to: usdcOf(), data }])
    expect(fallback.approvals).toEqual([expect.objectContaining({ spender: stranger, unlimited: true })])
    expect(fallback).toEqual(main)
  })

  it('a reverting call is reverted with the same call and reason as eth_simulateV1 answers', async () => {
    const { main, fallback } = await both([{ to: usdcOf(), data: usdcTransfer(moreThanAnyoneHolds) }])
    expect(fallback.status).toBe('reverted')
    expect(fallback.failure).toEqual({ call: 0, reason: expect.any(String) })
    expect(fallback).toEqual(main)
  })

  it("a batch runs each call on the previous one's state: an approve, then a transferFrom it allows", async () => {
    const usdc = usdcOf()
    const nft = chains.networkOf(8453).contracts.testNft as Address
    const amount = parseUnits('3', 6)
    const { main, fallback } = await both([
      {
        to: usdc,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [sender, amount] }),
      },
      {
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transferFrom',
          args: [sender, stranger, amount],
        }),
      },
      { to: stranger, value: parseEther('0.25') },
      {
        to: nft,
        data: encodeFunctionData({
          abi: erc721Abi,
          functionName: 'transferFrom',
          args: [sender, stranger, 0n],
        }),
      },
    ])
    expect(fallback.status).toBe('success')
    expect(fallback.nftTransfers).toHaveLength(1)
    expect(fallback.assetChanges.map((change) => change.diff)).toEqual([
      (-parseEther('0.25')).toString(),
      (-amount).toString(),
    ])
    expect(fallback).toEqual(main)
  })

  it('a sender that cannot pay is refused as a whole, as eth_simulateV1 answers', async () => {
    const { direct, traced } = networks()
    const calls = [{ to: sender, value: parseEther('1') }]
    const [main, fallback] = await Promise.all([
      simulate(direct, { from: stranger, calls }),
      simulate(traced, { from: stranger, calls }),
    ])
    expect(fallback).toEqual({
      ...main,
      blockNumber: fallback.blockNumber,
      failure: { reason: expect.any(String) },
    })
    expect(fallback).toMatchObject({ status: 'reverted', gasUsed: '0', assetChanges: [] })
  })

  it('a later call of a batch that reverts names that call', async () => {
    const { main, fallback } = await both([
      { to: stranger, value: 1n },
      { to: usdcOf(), data: usdcTransfer(moreThanAnyoneHolds) },
    ])
    expect(fallback.failure).toEqual({ call: 1, reason: expect.any(String) })
    expect(fallback).toEqual(main)
  })
})

describe('isSimulateUnsupported', () => {
  it('is true for method-not-found and method-not-supported, by code or in words, through causes', () => {
    expect(isSimulateUnsupported(new RpcResponseError(-32601, 'Method not found'))).toBe(true)
    expect(isSimulateUnsupported(new RpcResponseError(-32004, 'Method not supported'))).toBe(true)
    expect(isSimulateUnsupported(new RpcResponseError(-32000, 'eth_simulateV1 is not supported'))).toBe(true)
    expect(isSimulateUnsupported(new MethodNotFoundRpcError(new Error('missing')))).toBe(true)
  })

  it('is false for a refusal or an outage', () => {
    expect(isSimulateUnsupported(new RpcResponseError(-38014, 'insufficient funds'))).toBe(false)
    expect(isSimulateUnsupported(new Error('fetch failed'))).toBe(false)
  })
})

describe('logsOf', () => {
  const log = (n: number, position?: number) => ({
    address: stranger,
    topics: [`0x${n.toString(16).padStart(64, '0')}` as const],
    data: '0x' as const,
    ...(position !== undefined && { position: `0x${position.toString(16)}` as const }),
  })
  const order = (logs: { topics: readonly string[] }[]) => logs.map((entry) => Number(entry.topics[0]))

  it("puts a frame's logs between its sub-calls' as their positions say, and drops the reverted frames'", () => {
    const frame = {
      gasUsed: '0x0' as const,
      logs: [log(1, 0), log(4, 2), log(3, 1)],
      calls: [
        { gasUsed: '0x0' as const, logs: [log(2)] },
        { gasUsed: '0x0' as const, error: 'execution reverted', logs: [log(9)] },
      ],
    }
    expect(order(logsOf(frame))).toEqual([1, 2, 3, 4])
  })

  it('has no logs for a frame that reverted', () => {
    expect(logsOf({ gasUsed: '0x0', error: 'execution reverted', logs: [log(1)] })).toEqual([])
  })
})
