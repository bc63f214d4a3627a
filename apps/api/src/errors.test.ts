// fromChainFailure against the devstack's real nodes (anvil and the Solana RPC): a node refusing the
// caller's input as invalid params is a 400, anything else going wrong upstream stays a 502.
import { startDevstack } from '@walletframe/devstack'
import type { ChainNetwork } from '@walletframe/protocol'
import { createPublicClient, custom } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Prices from './chains/Prices.js'
import * as Solana from './chains/solana.js'
import * as Upstream from './chains/Upstream.js'
import {
  fromChainFailure,
  InvalidParamsError,
  isInvalidParams,
  RpcResponseError,
  UpstreamError,
} from './errors.js'

let stack: Awaited<ReturnType<typeof startDevstack>>
let evm: ChainNetwork
let solana: ChainNetwork

beforeAll(async () => {
  stack = await startDevstack({ quiet: true, relay: false })
  evm = stack.chainsFile.networks.find((n) => n.chainNamespace === 'eip155')!
  solana = stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
})
afterAll(() => stack?.stop())

const upstream = (network: ChainNetwork) =>
  Upstream.create({ chainId: network.caipNetworkId, urls: network.rpcUrls.default.http, timeoutMs: 5_000 })

/** What the API would answer for the failure `promise` ends in. */
async function answerTo(network: ChainNetwork, promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.unreachable('the node accepted it'),
    (error: unknown) => error,
  )
  return fromChainFailure(network.caipNetworkId, error, 'read failed', 'address')
}

describe('fromChainFailure', () => {
  it("turns anvil's invalid-params answer into a 400 naming the field", async () => {
    const answer = await answerTo(evm, upstream(evm).request('eth_getBalance', ['0x12', 'latest']))
    expect(answer).toBeInstanceOf(InvalidParamsError)
    expect(answer.toJSON()).toEqual({
      error: `Invalid input for ${evm.caipNetworkId}: its RPC endpoint refused it (invalid string length)`,
      code: 'INVALID_PARAMS',
      field: 'address',
    })
    expect(answer.status).toBe(400)
  })

  it("turns the Solana RPC's answer to a key that is not 32 bytes into a 400", async () => {
    const prices = Prices.fromNetworks([solana])
    const notAKey = `${'1'.repeat(8)}${'z'.repeat(36)}`
    const answer = await answerTo(solana, Solana.readBalances(upstream(solana), solana, prices, notAKey))
    expect(answer).toBeInstanceOf(InvalidParamsError)
    expect(answer).toMatchObject({ status: 400, code: 'INVALID_PARAMS', field: 'address' })
  })

  it("finds the node's error inside viem's wrapping", async () => {
    const node = upstream(evm)
    const client = createPublicClient({
      transport: custom({ request: ({ method, params }) => node.request(method, params) }),
    })
    const answer = await answerTo(
      evm,
      client.request({ method: 'eth_getBalance', params: ['0x12', 'latest'] }),
    )
    expect(answer).toMatchObject({ status: 400, code: 'INVALID_PARAMS' })
  })

  it('keeps other JSON-RPC errors, and failures without one, as the chain being unavailable', async () => {
    const unknownMethod = await answerTo(evm, upstream(evm).request('eth_noSuchMethod', []))
    expect(unknownMethod).toBeInstanceOf(UpstreamError)
    expect(unknownMethod).toMatchObject({ status: 502, code: 'UPSTREAM_UNAVAILABLE' })
    const garbage = fromChainFailure(evm.caipNetworkId, new SyntaxError('Unexpected token'), 'read failed')
    expect(garbage.toJSON()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: `The RPC endpoint of ${evm.caipNetworkId} is unavailable: read failed: Unexpected token`,
    })
  })
})

describe('isInvalidParams', () => {
  it('is -32602, or a server error that says its argument was invalid', () => {
    expect(isInvalidParams(new RpcResponseError(-32602, 'Invalid params'))).toBe(true)
    expect(isInvalidParams({ code: -32000, message: 'invalid argument 0: hex string has length 4' })).toBe(
      true,
    )
    expect(isInvalidParams({ code: -32000, message: 'execution reverted' })).toBe(false)
    expect(isInvalidParams({ code: -32601, message: 'the method does not exist' })).toBe(false)
    expect(isInvalidParams({ code: 3, message: 'invalid argument' })).toBe(false)
  })
})
