// POST /v1?chainId&projectId: the JSON-RPC proxy the frame uses as its default RPC URL (SPEC §7).
import { CaipNetworkId } from '../caip.js'
import { ErrorObject } from '../errors.js'
import * as z from '../internal/zod.js'

export const RpcProxyQuery = z.object({
  chainId: CaipNetworkId,
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  st: z.optional(z.string().check(z.maxLength(64))),
  sv: z.optional(z.string().check(z.maxLength(64))),
})
export type RpcProxyQuery = z.infer<typeof RpcProxyQuery>

export const JsonRpcId = z.union([z.string(), z.number(), z.null()])

export const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(JsonRpcId),
  method: z.string().check(z.minLength(1), z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
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
