// What the review before signing reads from a wallet request: the calls of eth_sendTransaction and
// wallet_sendCalls, the typed data of eth_signTypedData_v4, the text of personal_sign, the bare hash of
// eth_sign, the transaction of solana_signTransaction and solana_signAndSendTransaction. Anything else
// (a contract deployment, which has no target to simulate against; Bitcoin calls) has no review yet and
// answers undefined.
import type { ReviewedRequest } from '@walletframe/protocol'

type Call = { to?: unknown; data?: unknown; value?: unknown }

/** The CAIP-2 network of a hex chain id, when it is one. */
function networkOf(chainId: unknown): `eip155:${number}` | undefined {
  return typeof chainId === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(chainId)
    ? `eip155:${Number(chainId)}`
    : undefined
}

/** A Solana transaction's wire limit is 1232 bytes: base64 of at most 1644 characters. */
const solanaTransaction = /^[A-Za-z0-9+/]{4,1644}={0,2}$/

const hexQuantity = /^0x[0-9a-fA-F]{1,64}$/

function callOf(call: Call | undefined): { to: string; data?: string; value?: string } | undefined {
  if (!call || typeof call.to !== 'string') return undefined
  const value =
    typeof call.value === 'string' && hexQuantity.test(call.value)
      ? call.value.replace(/^0x0+(?=.)/, '0x')
      : undefined
  return {
    to: call.to,
    ...(typeof call.data === 'string' && call.data !== '0x' && { data: call.data }),
    ...(value && value !== '0x0' && { value }),
  }
}

/** A message as the wallet holder should read it: the text a hex string encodes, when it is text. */
export function messageText(message: string): string {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message
  const bytes = new Uint8Array(message.length / 2 - 1)
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(message.slice(2 + index * 2, 4 + index * 2), 16)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return message
  }
}

export function reviewedRequestOf(method: string, params: unknown): ReviewedRequest | undefined {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    // Solana calls carry an object ({ transaction: base64 }), as WalletConnect's Solana RPC has it.
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const transaction = (params as { transaction?: unknown } | null | undefined)?.transaction
      return typeof transaction === 'string' && solanaTransaction.test(transaction)
        ? { kind: 'solanaTransaction', transaction }
        : undefined
    }
    case 'eth_sendTransaction': {
      const first = list[0] as (Call & { chainId?: unknown }) | undefined
      const call = callOf(first)
      if (!call) return undefined
      const chainId = networkOf(first?.chainId)
      return { kind: 'calls', calls: [call], ...(chainId && { chainId }) }
    }
    case 'wallet_sendCalls': {
      const request = list[0] as { calls?: unknown; chainId?: unknown } | undefined
      if (!Array.isArray(request?.calls)) return undefined
      const calls = request.calls.map((call) => callOf(call as Call))
      if (calls.length === 0 || calls.some((call) => call === undefined)) return undefined
      const chainId = networkOf(request.chainId)
      return { kind: 'calls', calls: calls as { to: string }[], ...(chainId && { chainId }) }
    }
    case 'eth_signTypedData_v4': {
      const raw = list[1]
      let typedData: unknown = raw
      if (typeof raw === 'string')
        try {
          typedData = JSON.parse(raw)
        } catch {
          return undefined
        }
      if (!typedData || typeof typedData !== 'object' || Array.isArray(typedData)) return undefined
      return { kind: 'typedData', typedData: typedData as Record<string, unknown> }
    }
    case 'personal_sign':
      return typeof list[0] === 'string' ? { kind: 'message', message: messageText(list[0]) } : undefined
    case 'eth_sign':
      return { kind: 'hash' }
    default:
      return undefined
  }
}
