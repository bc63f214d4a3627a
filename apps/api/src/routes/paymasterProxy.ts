// POST /v1/paymaster?chainId&projectId: the ERC-7677 paymaster web service smart accounts ask for
// sponsored gas, in front of the operator's paymaster service and under the project's sponsorship
// policy. pm_getPaymasterStubData (gas estimation) passes when the policy would sponsor the
// operation and budget is left; pm_getPaymasterData (the signature that commits the paymaster) passes
// only once the operation's most possible cost is charged to the project's budget in the database,
// in one statement, so any number of API processes together stay within it. The charge is recorded
// under the operation's hash, and the indexer gives back what the operation did not cost once it is
// included, or all of it once the signature expired unused (db/sponsorshipCharges.ts). A refusal is a JSON-RPC
// error (SponsorshipRefusedError, data.reason); malformed parameters are -32602 before anything is
// charged or forwarded. The bundler proxy answers the same pm_ calls the same way, so a smart account
// needs one URL for both, as hosted bundlers offer.
import {
  InvalidParamsError,
  PaymasterData,
  PaymasterParams,
  PaymasterProxyQuery,
  paymasterMethods,
  SponsorshipRefusedError,
  sponsorshipRefusals,
} from '@walletframe/protocol'
import { type Hex, hexToBigInt } from 'viem'
import type * as Upstream from '../chains/Upstream.js'
import type { Project } from '../db/projects.js'
import * as Sponsorship from '../db/sponsorship.js'
import * as SponsorshipCharges from '../db/sponsorshipCharges.js'
import * as Policy from '../paymaster/policy.js'
import * as SignedOperation from '../paymaster/signedOperation.js'
import { proxyDoc, serveOneByOne, upstreamsOf } from './jsonRpcForward.js'
import type { App, Deps, RouteDoc } from './Route.js'

export const allowedMethods: ReadonlySet<string> = new Set(paymasterMethods)

export const doc: RouteDoc = proxyDoc({
  path: '/v1/paymaster',
  summary:
    "ERC-7677 paymaster proxy for the network named by chainId, under the project's gas sponsorship policy",
  query: PaymasterProxyQuery,
})

/** One network's paymaster, under one project's policy: answers a pm_ call or throws a JSON-RPC error. */
export type Sponsor = (method: string, params: unknown) => Promise<unknown>

/** The pm_ calls of `project` on `chainId`, for this route and the bundler proxy alike. */
export function sponsorFor(
  deps: Deps,
  upstreamOf: (chainId: string) => Upstream.Upstream,
  chainId: string,
  project: Pick<Project, 'id' | 'sponsorship'>,
): Sponsor {
  const network = deps.config.networks.find((candidate) => candidate.caipNetworkId === chainId)
  const key = { projectId: project.id, chainId }
  return async (method, params) => {
    const parsed = PaymasterParams.safeParse(params)
    if (!parsed.success)
      throw new InvalidParamsError(parsed.error.issues[0]?.message ?? `Invalid ${method} parameters`)
    const [userOp, , chainIdHex] = parsed.data
    const asked = hexToBigInt(chainIdHex as Hex)
    if (!network || asked !== BigInt(network.id))
      throw new InvalidParamsError(`This endpoint serves ${chainId}, not chain ${asked}`)
    Policy.check(project.sponsorship, userOp)
    if (!network.paymasterUrl)
      throw new SponsorshipRefusedError(sponsorshipRefusals.disabled, 'no paymaster serves it')
    const upstream = upstreamOf(chainId)
    const budget = BigInt(project.sponsorship!.budgetWei)
    if (method === 'pm_getPaymasterStubData') {
      if ((await Sponsorship.spent(deps.db, key)) >= budget)
        throw new SponsorshipRefusedError(sponsorshipRefusals.budgetExhausted)
      return upstream.request(method, params)
    }
    const cost = Policy.maxCostWei(userOp)
    if (!(await Sponsorship.charge(deps.db, key, cost, budget)))
      throw new SponsorshipRefusedError(sponsorshipRefusals.budgetExhausted)
    let answer: unknown
    try {
      answer = await upstream.request(method, params)
    } catch (error) {
      // Nothing was signed: the charge goes back.
      await Sponsorship.refund(deps.db, key, cost)
      throw error
    }
    // Recorded so the indexer can settle it with the actual cost (db/sponsorshipCharges.ts). An
    // answer this API cannot read keeps its whole charge: the budget errs on the side of the paymaster.
    const signed = PaymasterData.safeParse(answer)
    if (signed.success)
      await SponsorshipCharges.record(deps.db, {
        ...key,
        userOpHash: SignedOperation.hashOf(userOp, signed.data, Number(network.id)),
        paymaster: signed.data.paymaster,
        maxCostWei: cost,
        validUntil: SignedOperation.validUntilOf(signed.data.paymasterData as Hex),
      })
    return answer
  }
}

/** The paymaster service of each network, as the API calls it. */
export function paymasters(deps: Deps, options: { fetch?: typeof fetch } = {}) {
  return upstreamsOf(deps, {
    service: 'paymaster',
    urlOf: (network) => network.paymasterUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}

export function register(app: App, deps: Deps, options: { fetch?: typeof fetch } = {}): void {
  const upstreamOf = paymasters(deps, options)
  serveOneByOne(app, deps, {
    path: '/v1/paymaster',
    query: PaymasterProxyQuery,
    allowed: allowedMethods,
    sender: (chainId, project) => {
      // Unknown networks and networks without a paymaster are 400, as on the bundler proxy.
      upstreamOf(chainId)
      const sponsor = sponsorFor(deps, upstreamOf, chainId, project)
      return ({ method, params }) => sponsor(method, params)
    },
  })
}
