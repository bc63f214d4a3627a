// POST /v1?chainId&projectId: the JSON-RPC proxy the frame uses as its default RPC URL (SPEC §7).
import { z } from 'zod'
import { CaipNetworkId } from '../caip.js'
import { ErrorObject } from '../errors.js'

export const RpcProxyQuery = z.object({
  chainId: CaipNetworkId,
  projectId: z.string().min(1).max(128),
  st: z.string().max(64).optional(),
  sv: z.string().max(64).optional(),
})
export type RpcProxyQuery = z.infer<typeof RpcProxyQuery>

export const JsonRpcId = z.union([z.string(), z.number(), z.null()])

export const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId.optional(),
  method: z.string().min(1).max(128),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
export type JsonRpcRequest = z.infer<typeof JsonRpcRequest>

/** A single request or a batch of up to 100. */
export const JsonRpcPayload = z.union([JsonRpcRequest, z.array(JsonRpcRequest).min(1).max(100)])
export type JsonRpcPayload = z.infer<typeof JsonRpcPayload>

export const JsonRpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId,
  result: z.unknown().optional(),
  error: ErrorObject.optional(),
})
export type JsonRpcResponse = z.infer<typeof JsonRpcResponse>
