// What an approval asks, in words a person checks before approving (ApproveTransaction): the method
// in plain words, then the message as text, the typed data's domain and primary type, or a
// transaction's receiver, value and data, and the network. Parameters come from the host as it sent
// them, so nothing here trusts their shape.
import bs58 from 'bs58'
import * as CallFunctions from '../chains/eip155/callFunctions.js'
import { truncateUnits } from '../lib/format.js'
import { review } from '../locale/en/review.js'
import type { fieldNames, fieldWords } from './approvalFields.js'

/** What a field is, for the view that words its label in the frame's language. */
export type FieldName = (typeof fieldNames)[number]
/** A value that is a word rather than data: the view words it in the frame's language. */
export type FieldWord = (typeof fieldWords)[number]
/**
 * One field: `label` in English (the window's and the tests' name for it), `name` what it is, `number`
 * the permission's, `call` the batch call's it belongs to (both counted from 1), `word` what its value
 * says when it is a word.
 */
export type Field = {
  readonly label: string
  readonly value: string
  readonly name?: FieldName | undefined
  readonly number?: number | undefined
  readonly call?: number | undefined
  readonly word?: FieldWord | undefined
}

const words: Record<FieldWord, string> = {
  newContract: 'A new contract',
  none: 'None',
  unknown: 'Unknown',
  unknownFunction: CallFunctions.unknownFunction,
  sponsored: 'Sponsored',
}

/** A field whose value is `value`, or the word `word` stands for when there is none. */
function worded(
  field: { name: FieldName; label: string },
  value: string | undefined,
  word: FieldWord,
): Field {
  return value === undefined ? { ...field, value: words[word], word } : { ...field, value }
}
export type Summary = { readonly action: string; readonly fields: readonly Field[] }

export type Network = {
  readonly name: string
  readonly nativeCurrency: { readonly symbol: string; readonly decimals: number }
  /** The tokens it lists: a call's amounts are said in their units. */
  readonly tokens?: readonly CallFunctions.Token[] | undefined
}

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
const isHex = (value: string) => /^0x[0-9a-fA-F]*$/.test(value) && value.length % 2 === 0

/** Bytes as UTF-8 text when they are text (no control characters but line breaks and tabs). */
function asText(bytes: Uint8Array): string | undefined {
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(decoded) ? undefined : decoded
  } catch {
    return undefined
  }
}

/** personal_sign's message: hex is bytes (shown as text when it is text), anything else is the text. */
export function decodeMessage(message: string): string {
  if (!isHex(message)) return message
  const bytes = Uint8Array.from(message.slice(2).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  return asText(bytes) ?? message
}

/** An amount in the smallest unit (hex or decimal quantity), in whole units of the network's coin. */
export function formatValue(value: unknown, network: Network | undefined): string {
  const raw = text(value)
  let amount = 0n
  try {
    if (raw !== undefined) amount = BigInt(raw)
  } catch {
    return String(raw)
  }
  const decimals = network?.nativeCurrency.decimals ?? 18
  return `${truncateUnits(amount, decimals, decimals)} ${network?.nativeCurrency.symbol ?? ''}`.trim()
}

/**
 * A transaction's receiver, then the function its data calls with the arguments in words (from the
 * local table; the raw data stays below for whoever reads hex), its value and its data.
 */
function transaction(tx: Record<string, unknown>, network: Network | undefined): Field[] {
  const data = text(tx.data) ?? text(tx.input)
  const to = text(tx.to)
  const decoded = CallFunctions.decode(data, { to, tokens: network?.tokens, native: network?.nativeCurrency })
  return [
    worded({ name: 'to', label: 'To' }, to, 'newContract'),
    ...(decoded
      ? [
          decoded.name === CallFunctions.unknownFunction && decoded.args.length === 0
            ? worded({ name: 'function', label: 'Function' }, undefined, 'unknownFunction')
            : { name: 'function' as const, label: 'Function', value: CallFunctions.describe(decoded) },
        ]
      : []),
    { name: 'value', label: 'Value', value: formatValue(tx.value ?? '0x0', network) },
    worded({ name: 'data', label: 'Data' }, data && data !== '0x' ? data : undefined, 'none'),
  ]
}

/** An ERC-7715 grant: each permission and its allowance, the spend period, and when it ends. */
function permissions(request: Record<string, unknown>, network: Network | undefined): Field[] {
  const fields: Field[] = []
  list(request.permissions).forEach((item, index) => {
    const permission = record(item)
    const data = record(permission.data)
    const policies = list(permission.policies).map(record)
    const allowance = record(policies.find((policy) => policy.type === 'token-allowance')?.data).allowance
    const period = record(policies.find((policy) => policy.type === 'spend-period')?.data).seconds
    const type = text(permission.type) ?? 'unknown'
    const what =
      type === 'native-token-transfer'
        ? `Send ${network?.nativeCurrency.symbol ?? 'the native coin'}, up to ${formatValue(allowance, network)}`
        : type === 'erc20-token-transfer'
          ? `Transfer / approve token ${text(data.address) ?? '?'}, up to ${text(allowance) ?? '?'} (smallest units)`
          : type === 'contract-call'
            ? `Call ${list(data.calls).map(text).join(', ')} on ${text(data.address) ?? '?'}`
            : type
    fields.push({
      name: 'permission',
      number: index + 1,
      label: `Permission ${index + 1}`,
      value: period !== undefined ? `${what} every ${text(period)} s` : what,
    })
  })
  const expiry =
    typeof request.expiry === 'number' ? new Date(request.expiry * 1000).toISOString() : undefined
  fields.push(worded({ name: 'expires', label: 'Expires' }, expiry, 'unknown'))
  return fields
}

function typedData(data: unknown): Field[] {
  let parsed: Record<string, unknown>
  try {
    parsed = record(typeof data === 'string' ? JSON.parse(data) : data)
  } catch {
    return [{ name: 'data', label: 'Data', value: String(data) }]
  }
  const domain = record(parsed.domain)
  const domainText = ['name', 'version', 'chainId', 'verifyingContract', 'salt']
    .filter((key) => domain[key] !== undefined)
    .map((key) => `${key}: ${text(domain[key]) ?? JSON.stringify(domain[key])}`)
    .join(', ')
  return [
    worded({ name: 'domain', label: 'Domain' }, domainText || undefined, 'none'),
    worded({ name: 'primaryType', label: 'Primary type' }, text(parsed.primaryType), 'unknown'),
    { name: 'message', label: 'Message', value: JSON.stringify(parsed.message ?? {}, null, 2) },
  ]
}

function solanaMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message)
  try {
    return asText(bs58.decode(message)) ?? message
  } catch {
    return message
  }
}

/** What the approval says of the network fee when the app's paymaster pays it. */
export const sponsoredFee = words.sponsored

export function summarize(
  request: {
    readonly method: string
    readonly params?: unknown
    readonly sponsored?: boolean | undefined
  },
  network?: Network,
): Summary {
  const { method, params } = request
  const fields: Field[] = []
  switch (method) {
    case 'personal_sign': {
      const [message] = list(params)
      fields.push({
        name: 'message',
        label: 'Message',
        value: typeof message === 'string' ? decodeMessage(message) : '',
      })
      break
    }
    case 'eth_signTypedData_v4':
      fields.push(...typedData(list(params)[1]))
      break
    case 'eth_sendTransaction':
      fields.push(...transaction(record(list(params)[0]), network))
      break
    case 'wallet_sendCalls': {
      const calls = list(record(list(params)[0]).calls)
      calls.forEach((call, index) => {
        for (const field of transaction(record(call), network))
          fields.push({ ...field, call: index + 1, label: `Call ${index + 1} ${field.label.toLowerCase()}` })
      })
      break
    }
    case 'wallet_grantPermissions':
      fields.push(...permissions(record(list(params)[0]), network))
      break
    case 'solana_signMessage':
      fields.push({ name: 'message', label: 'Message', value: solanaMessage(record(params).message) })
      break
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const encoded = text(record(params).transaction) ?? ''
      fields.push({
        name: 'transaction',
        label: 'Transaction',
        value: `${Math.floor((encoded.length * 3) / 4)} bytes (base64)`,
      })
      break
    }
  }
  if (network) fields.push({ name: 'network', label: 'Network', value: network.name })
  // Only the wallet sets it (the frame's own connector), never the host's parameters.
  if (request.sponsored)
    fields.push(worded({ name: 'networkFee', label: 'Network fee' }, undefined, 'sponsored'))
  const { actions } = review
  const action = Object.hasOwn(actions, method) ? actions[method as keyof typeof actions] : method
  return { action, fields }
}
