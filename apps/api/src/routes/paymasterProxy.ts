// POST /v1/paymaster?chainId&projectId: the ERC-7677 paymaster web service smart accounts ask for
// sponsored gas, in front of the operator's paymaster service and under the project's sponsorship
// policy. pm_getPaymasterStubData (gas estimation) passes when the policy would sponsor the
// operation and budget is left; pm_getPaymasterData (the signature that commits the paymaster) passes
// only once the operation's most possible cost is charged to the project's budget in the database,
// in one statement, so any number of API processes together stay within it. A refusal is a JSON-RPC
// error (SponsorshipRefusedError, data.reason); malformed parameters are -32602 before anything is
// charged or forwarded. GET /v1/projects/{id}/config names this proxy as a network's paymasterUrl only
// where the project sponsors gas.
import {
  InvalidParamsError,
  JsonRpcPayload,
  JsonRpcResponse,
  PaymasterParams,
  PaymasterProxyQuery,
  paymasterMethods,
  SponsorshipRefusedError,
  sponsorshipRefusals,
} from '@walletframe/protocol'
import { hexToBigInt } from 'viem'
import { z } from 'zod'
import * as Sponsorship from '../db/sponsorship.js'
import { requireProject } from '../middleware/access.js'
import * as Policy from '../paymaster/policy.js'
import { forward, oneByOne, upstreamsOf } from './jsonRpcForward.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const allowedMethods: ReadonlySet<string> = new Set(paymasterMethods)

export const doc: RouteDoc = {
  method: 'post',
  path: '/v1/paymaster',
  summary:
    "ERC-7677 paymaster proxy for the network named by chainId, under the project's gas sponsorship policy",
  query: PaymasterProxyQuery,
  body: JsonRpcPayload,
  response: z.union([JsonRpcResponse, z.array(JsonRpcResponse)]),
  errors: [400, 401, 403, 413, 429, 502],
}

/** Where a client reaches the paymaster of `chainId` through this API, for `projectId`. */
export function publicUrl(base: string, chainId: string, projectId: string): string {
  return `${base}/v1/paymaster?chainId=${encodeURIComponent(chainId)}&projectId=${encodeURIComponent(projectId)}`
}

export function register(app: App, deps: Deps, options: { fetch?: typeof fetch } = {}): void {
  const upstreamOf = upstreamsOf(deps, {
    service: 'paymaster',
    urlOf: (network) => network.paymasterUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })

  app.post('/v1/paymaster', requireProject(deps, { from: 'query' }), async (c) => {
    const { chainId } = validate.query(c, PaymasterProxyQuery)
    const raw = await validate.json(c, deps.config.options.rpcMaxBodyBytes)
    const payload = validate.body(raw, JsonRpcPayload)
    const upstream = upstreamOf(chainId)
    const network = deps.networks.get(chainId)!.network
    const project = c.var.project
    const key = { projectId: project.id, chainId }

    const sponsor = async (method: string, params: unknown): Promise<unknown> => {
      const parsed = PaymasterParams.safeParse(params)
      if (!parsed.success)
        throw new InvalidParamsError(parsed.error.issues[0]?.message ?? `Invalid ${method} parameters`)
      const [userOp, , chainIdHex] = parsed.data
      if (hexToBigInt(chainIdHex as `0x${string}`) !== BigInt(network.id))
        throw new InvalidParamsError(
          `This proxy serves chain ${network.id}, not ${hexToBigInt(chainIdHex as `0x${string}`)}`,
        )
      Policy.check(project.sponsorship, userOp)
      const budget = BigInt(project.sponsorship!.budgetWei)
      if (method === 'pm_getPaymasterStubData') {
        if ((await Sponsorship.spent(deps.db, key)) >= budget)
          throw new SponsorshipRefusedError(sponsorshipRefusals.budgetExhausted)
        return upstream.request(method, params)
      }
      const cost = Policy.maxCostWei(userOp)
      if (!(await Sponsorship.charge(deps.db, key, cost, budget)))
        throw new SponsorshipRefusedError(sponsorshipRefusals.budgetExhausted)
      try {
        return await upstream.request(method, params)
      } catch (error) {
        // Nothing was signed: the charge goes back.
        await Sponsorship.refund(deps.db, key, cost)
        throw error
      }
    }

    return c.json(
      await forward(payload, allowedMethods, (calls) =>
        oneByOne(calls, ({ method, params }) => sponsor(method, params)),
      ),
    )
  })
}
