// POST /v1/simulate: what EVM calls would do for their sender, from the chain's own simulation
// (chains/simulate.ts, or its traces: chains/traceSimulate.ts). The review a wallet holder reads before
// approving is built on it.
import {
  EvmSimulateRequest,
  maxSimulatedCalldataBytes,
  maxSimulatedCalls,
  SimulateRequest,
  SimulateResponse,
  SolanaSimulateRequest,
  SolanaSimulateResponse,
} from '@walletframe/protocol'
import { getAddress, type Hex } from 'viem'
import { z } from 'zod'
import { simulate } from '../chains/simulate.js'
import { simulateSolana } from '../chains/solanaSimulate.js'
import { fromChainFailure, NetworkNotSupportedError } from '../errors.js'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

/** The wording for a network the API cannot simulate on; clients may match on it. */
export const notSupported = 'Network not supported for Simulation'

/** Every call at its largest calldata, in JSON, with room for the rest of the body. */
const maxBytes = maxSimulatedCalls * (2 * maxSimulatedCalldataBytes + 256) + 1024

export const doc: RouteDoc = {
  method: 'post',
  path: '/v1/simulate',
  summary:
    "What EVM calls would do for their sender, from the node's eth_simulateV1 (or debug_traceCall where the node " +
    "has no eth_simulateV1): the sender's native and token " +
    'balances before and after, the approvals granted, the NFTs moved, and the first call that reverts. A ' +
    'simulation that cannot run is a 502, never an empty list of changes; projectId in the body. For a Solana ' +
    "transaction (base64, legacy or v0): the network's simulateTransaction, each writable account's lamports " +
    "before and after (the fee payer's fee said apart) and the token balance of each SPL token account",
  body: SimulateRequest,
  response: z.union([SimulateResponse, SolanaSimulateResponse]),
  errors: [400, 401, 403, 413, 429, 502],
}

export function register(app: App, deps: Deps): void {
  app.post('/v1/simulate', requireProject(deps, { from: 'body', maxBytes }), async (c) => {
    // The variant is picked by its field, so that a refusal names the field at fault, not the body.
    const raw = c.var.body
    const solana = typeof raw === 'object' && raw !== null && 'transaction' in raw
    const body = solana ? validate.body(raw, SolanaSimulateRequest) : validate.body(raw, EvmSimulateRequest)
    const entry = deps.networks.get(body.chainId)
    if ('transaction' in body) {
      if (entry?.network.chainNamespace !== 'solana') throw new NetworkNotSupportedError(notSupported)
      try {
        return c.json((await simulateSolana(entry, body.transaction)) satisfies SolanaSimulateResponse)
      } catch (error) {
        throw fromChainFailure(body.chainId, error, 'simulation', 'body.transaction')
      }
    }
    if (entry?.network.chainNamespace !== 'eip155') throw new NetworkNotSupportedError(notSupported)
    const calls = body.calls.map((call) => ({
      to: getAddress(call.to),
      ...(call.data && { data: call.data as Hex }),
      ...(call.value && { value: BigInt(call.value) }),
    }))
    try {
      return c.json(
        (await simulate(entry, { from: getAddress(body.from), calls })) satisfies SimulateResponse,
      )
    } catch (error) {
      throw fromChainFailure(body.chainId, error, 'simulation', 'body.calls')
    }
  })
}
