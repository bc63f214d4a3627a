// GET /v1/supported-chains and GET /v1/projects/{projectId}/config.
import { CaipNetworkId } from '../caip.js'
import { ChainNetwork } from '../chains.js'
import * as z from '../internal/zod.js'
import { maxDenyListLength } from './review.js'

/** CAIP-2 ids the API serves over HTTP JSON-RPC and over WebSocket. */
export const SupportedChainsResponse = z.object({
  http: z.array(CaipNetworkId),
  ws: z.array(CaipNetworkId),
})
export type SupportedChainsResponse = z.infer<typeof SupportedChainsResponse>

/** What the server implements for a project; the frame hides features the server lacks. */
export const ProjectFeatures = z.object({
  balances: z.boolean(),
  history: z.boolean(),
  prices: z.boolean(),
  gasPrice: z.boolean(),
  identity: z.boolean(),
  rpcProxy: z.boolean(),
  analytics: z.boolean(),
  swaps: z.boolean(),
  onramp: z.boolean(),
  names: z.boolean(),
  email: z.boolean(),
  socials: z.boolean(),
})
export type ProjectFeatures = z.infer<typeof ProjectFeatures>

export const ProjectConfigResponse = z.object({
  projectId: z.string(),
  name: z.string(),
  /** Exact origins allowed to host the frame and call the API from a browser. */
  allowedOrigins: z.array(z.string()),
  /** Any http://localhost / 127.0.0.1 origin is accepted too (a development server). */
  development: z.boolean(),
  features: ProjectFeatures,
  /** Supported networks; `rpcUrls.default.http` points at this API's JSON-RPC proxy, never upstream. */
  networks: z.array(ChainNetwork),
  /**
   * The project's deny list (denyList.ts's format), when it has one: the frame checks a request against
   * it itself where the review does not arrive in time, so that a slow review never lets a listed
   * counterparty through.
   */
  denyList: z.optional(z.string().check(z.maxLength(maxDenyListLength))),
})
export type ProjectConfigResponse = z.infer<typeof ProjectConfigResponse>
