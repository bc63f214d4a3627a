// Answers the EVM requests a dapp sends the test wallet: signatures with the local viem
// account, transactions really sent to the devnet RPC of the request's chain.
import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  InvalidParamsRpcError,
  isAddressEqual,
  isHex,
  numberToHex,
  RpcError,
  type TypedDataDefinition,
  UnsupportedProviderMethodError,
} from 'viem'
import type { LocalAccount } from 'viem/accounts'
import { z } from 'zod'

export type Request = { method: string; params?: unknown }

export type Context = {
  /** The wallet's EVM accounts; a request is signed by the one it names. */
  accounts: readonly LocalAccount[]
  /** CAIP-2 id of the chain the request is for (the session request's `chainId`). */
  chainId: string
  /** CAIP-2 id -> JSON-RPC URL of the devnets the wallet can send to. */
  rpcUrls: Readonly<Record<string, string>>
  /** Makes `chainId` the active chain of the session; throws a 4902 SwitchChainError. */
  switchChain(chainId: string): Promise<void>
}

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<Hex>
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<Address>
const quantity = hex.transform((value) => BigInt(value))

// EIP-1474 transaction object, as dapps send it to eth_sendTransaction.
const TransactionRequest = z.object({
  from: address,
  to: address.optional(),
  value: quantity.optional(),
  data: hex.optional(),
  input: hex.optional(),
  gas: quantity.optional(),
  gasPrice: quantity.optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  nonce: quantity.transform(Number).optional(),
})

const TypedData = z.object({
  domain: z.record(z.string(), z.unknown()).optional(),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

/** Runs one request; throws viem RpcErrors carrying EIP-1193 / EIP-1474 codes. */
export async function answer(request: Request, context: Context): Promise<unknown> {
  const params = Array.isArray(request.params) ? request.params : []
  switch (request.method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return context.accounts.map((account) => account.address)
    case 'eth_chainId':
      return numberToHex(chainNumber(context.chainId))
    case 'personal_sign': {
      // Spec order is [message, address]; some dapps still send [address, message].
      const [first, second] = params
      const [message, address] = ownAccount(first, context.accounts) ? [second, first] : [first, second]
      const signer = signerOf(address, context.accounts)
      if (typeof message !== 'string') throw invalidParams('personal_sign expects a message string')
      return signer.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params
      const signer = signerOf(address, context.accounts)
      const parsed = TypedData.safeParse(typeof data === 'string' ? safeJson(data) : data)
      if (!parsed.success) throw invalidParams(`typed data: ${parsed.error.issues[0]?.message}`)
      return signer.signTypedData(parsed.data as unknown as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      const parsed = TransactionRequest.safeParse(params[0])
      if (!parsed.success) throw invalidParams(`transaction: ${parsed.error.issues[0]?.message}`)
      return sendTransaction(parsed.data, signerOf(parsed.data.from, context.accounts), context)
    }
    case 'wallet_switchEthereumChain': {
      const parsed = z.object({ chainId: hex }).safeParse(params[0])
      if (!parsed.success) throw invalidParams('wallet_switchEthereumChain expects [{ chainId }]')
      await context.switchChain(`eip155:${BigInt(parsed.data.chainId)}`)
      return null
    }
    default:
      throw new UnsupportedProviderMethodError(
        new Error(`The test wallet does not support ${request.method}`),
      )
  }
}

/** The JSON-RPC error object to answer with, whatever was thrown. */
export function toErrorObject(error: unknown): { code: number; message: string } {
  if (error instanceof RpcError) {
    const details = error.details && error.details !== error.shortMessage ? ` ${error.details}` : ''
    return { code: error.code, message: `${error.shortMessage}${details}` }
  }
  // Node errors and RPC failures from the devnet: report them as internal, with their text,
  // so the dapp sees why its transaction did not go through.
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

async function sendTransaction(
  transaction: z.infer<typeof TransactionRequest>,
  account: LocalAccount,
  context: Context,
): Promise<Hex> {
  const url = context.rpcUrls[context.chainId]
  if (!url) throw invalidParams(`The test wallet has no RPC URL for ${context.chainId}`)
  // The devnet is whatever chain the session says it is; viem checks the node agrees before
  // signing, so a wrong RPC URL fails loudly instead of signing for another chain.
  const id = chainNumber(context.chainId)
  const chain = defineChain({
    id,
    name: context.chainId,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
  const client = createWalletClient({ account, chain, transport: http(url) })
  const {
    from: _from,
    input,
    data,
    gasPrice,
    maxFeePerGas,
    maxPriorityFeePerGas,
    nonce,
    to,
    value,
    gas,
  } = transaction
  const fields = {
    ...(to !== undefined && { to }),
    ...(value !== undefined && { value }),
    ...(gas !== undefined && { gas }),
    ...(nonce !== undefined && { nonce }),
    ...((data ?? input) !== undefined && { data: data ?? input }),
  }
  if (gasPrice !== undefined) return client.sendTransaction({ ...fields, gasPrice })
  return client.sendTransaction({
    ...fields,
    ...(maxFeePerGas !== undefined && { maxFeePerGas }),
    ...(maxPriorityFeePerGas !== undefined && { maxPriorityFeePerGas }),
  })
}

function chainNumber(caip2: string): number {
  const reference = caip2.split(':')[1]
  const id = Number(reference)
  if (!caip2.startsWith('eip155:') || !Number.isSafeInteger(id))
    throw invalidParams(`Not an EVM chain: ${caip2}`)
  return id
}

function ownAccount(value: unknown, accounts: readonly LocalAccount[]): LocalAccount | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) return undefined
  return accounts.find((account) => isAddressEqual(value as Address, account.address))
}

function signerOf(value: unknown, accounts: readonly LocalAccount[]): LocalAccount {
  const account = ownAccount(value, accounts)
  if (!account) throw invalidParams(`${String(value)} is not an account of this wallet`)
  return account
}

function invalidParams(message: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError(new Error(message))
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
