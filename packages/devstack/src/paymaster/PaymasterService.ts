// The devnets' ERC-7677 paymaster web service, over HTTP on 127.0.0.1: pm_getPaymasterStubData answers
// a placeholder for gas estimation, pm_getPaymasterData signs the finished operation for the chain's
// VerifyingPaymaster. Like a hosted paymaster it signs whatever it is asked to: which operations deserve
// sponsorship is decided in front of it, by the API's per-project policy.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type ChainNetwork,
  PaymasterParams,
  type PaymasterUserOperation,
  paymasterMethods,
} from '@walletframe/protocol'
import { type Address, type Hex, hexToBigInt, isAddressEqual, numberToHex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import * as VerifyingPaymaster from '../evm/verifyingPaymaster.js'

const maxBodyBytes = 256 * 1024

export type Running = {
  url: string
  stop(): Promise<void>
}

/** A JSON-RPC error this service answers with: -32600 bad request, -32601 unknown method, -32602 bad params. */
export class PaymasterRpcError extends Error {
  override readonly name = 'PaymasterRpcError'
  constructor(
    readonly code: -32600 | -32601 | -32602,
    message: string,
  ) {
    super(message)
  }
}

function operationOf(userOp: PaymasterUserOperation): VerifyingPaymaster.Operation {
  return {
    sender: userOp.sender as Address,
    nonce: hexToBigInt(userOp.nonce as Hex),
    ...(userOp.factory
      ? { factory: userOp.factory as Address, factoryData: (userOp.factoryData ?? '0x') as Hex }
      : {}),
    callData: userOp.callData as Hex,
    callGasLimit: hexToBigInt(userOp.callGasLimit as Hex),
    verificationGasLimit: hexToBigInt(userOp.verificationGasLimit as Hex),
    preVerificationGas: hexToBigInt(userOp.preVerificationGas as Hex),
    maxFeePerGas: hexToBigInt(userOp.maxFeePerGas as Hex),
    maxPriorityFeePerGas: hexToBigInt(userOp.maxPriorityFeePerGas as Hex),
  }
}

/** Answers one pm_ call for the chains in `paymasters` (chain id -> VerifyingPaymaster address). */
export async function answer(
  paymasters: ReadonlyMap<number, Address>,
  method: string,
  params: unknown,
): Promise<unknown> {
  if (!(paymasterMethods as readonly string[]).includes(method))
    throw new PaymasterRpcError(-32601, `Method not found: ${method}`)
  const parsed = PaymasterParams.safeParse(params)
  if (!parsed.success)
    throw new PaymasterRpcError(-32602, parsed.error.issues[0]?.message ?? 'Invalid paymaster parameters')
  const [userOp, entryPoint, chainIdHex] = parsed.data
  if (!isAddressEqual(entryPoint as Address, entryPoint07Address))
    throw new PaymasterRpcError(-32602, `Only EntryPoint v0.7 (${entryPoint07Address}) is served`)
  const chainId = Number(hexToBigInt(chainIdHex as Hex))
  const paymaster = paymasters.get(chainId)
  if (!paymaster) throw new PaymasterRpcError(-32602, `No paymaster on chain ${chainId}`)
  if (method === 'pm_getPaymasterStubData')
    return {
      sponsor: { name: 'Walletframe devnet' },
      paymaster,
      paymasterData: VerifyingPaymaster.stubPaymasterData,
      paymasterVerificationGasLimit: numberToHex(VerifyingPaymaster.verificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(VerifyingPaymaster.postOpGasLimit),
      isFinal: false,
    }
  return {
    paymaster,
    paymasterData: await VerifyingPaymaster.sign(operationOf(userOp), { chainId, paymaster }),
  }
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function handle(
  paymasters: ReadonlyMap<number, Address>,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const reply = (body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' })
    return response.end()
  }
  const text = await readBody(request)
  let call: { id?: unknown; method?: unknown; params?: unknown }
  try {
    call = text === undefined ? {} : (JSON.parse(text) as typeof call)
  } catch {
    call = {}
  }
  const id = typeof call.id === 'string' || typeof call.id === 'number' ? call.id : null
  if (typeof call.method !== 'string')
    return reply({ jsonrpc: '2.0', id, error: { code: -32600, message: 'Expected one JSON-RPC request' } })
  try {
    reply({ jsonrpc: '2.0', id, result: await answer(paymasters, call.method, call.params) })
  } catch (error) {
    if (!(error instanceof PaymasterRpcError)) throw error
    reply({ jsonrpc: '2.0', id, error: { code: error.code, message: error.message } })
  }
}

/** Serves the paymasters of the EVM `networks` that have one (contracts.verifyingPaymaster). */
export async function start(networks: readonly ChainNetwork[]): Promise<Running> {
  const paymasters = new Map<number, Address>()
  for (const network of networks)
    if (network.chainNamespace === 'eip155' && network.contracts.verifyingPaymaster)
      paymasters.set(Number(network.id), network.contracts.verifyingPaymaster as Address)
  const server = createServer((request, response) => {
    handle(paymasters, request, response).catch((error: unknown) => {
      console.error('[devstack] paymaster service:', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
