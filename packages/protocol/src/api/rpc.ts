// POST /v1?chainId&projectId: the JSON-RPC proxy the frame uses as its default RPC URL.
import { CaipNetworkId } from '../caip.js'
import { ErrorObject } from '../errors.js'
import * as z from '../internal/zod.js'
import { boundedJson, SdkQuery, text } from './common.js'

export const RpcProxyQuery = z.object({ chainId: CaipNetworkId, ...SdkQuery.shape })
export type RpcProxyQuery = z.infer<typeof RpcProxyQuery>

/**
 * POST /v1/bundler?chainId&projectId&bundler: the ERC-4337 bundler proxy. `bundler` names
 * the bundler implementation the client expects (the API serves the one its network configures).
 */
export const BundlerProxyQuery = z.object({
  chainId: CaipNetworkId,
  bundler: z.optional(text({ max: 64 })),
  ...SdkQuery.shape,
})
export type BundlerProxyQuery = z.infer<typeof BundlerProxyQuery>

/**
 * Params go upstream as they came, through JSON.stringify, which recurses: depth is what must be
 * bounded. Real params nest a few levels (eth_call state overrides, Solana filters). Strings are
 * left to the body limit (a raw transaction is one long hex string).
 */
export const rpcParamsBounds = { maxDepth: 32, maxStringLength: 16 * 1024 * 1024 }

export const JsonRpcId = z.union([text({ max: 256 }), z.number(), z.null()])

export const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(JsonRpcId),
  method: text({ min: 1, max: 128 }),
  params: z.optional(
    z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).check(boundedJson(rpcParamsBounds)),
  ),
})
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>

/** A single request or a batch of up to 100. */
export const JsonRpcPayload = z.union([
  JsonRpcRequest,
  z.array(JsonRpcRequest).check(z.minLength(1), z.maxLength(100)),
])
export type JsonRpcPayload = z.infer<typeof JsonRpcPayload>

export const JsonRpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId,
  result: z.optional(z.unknown()),
  error: z.optional(ErrorObject),
})
export type JsonRpcResponse = z.infer<typeof JsonRpcResponse>
