// The send form's rules and messages: what a send needs, how an amount is read,
// when the balance or the gas is too low. Pure and exact (amounts in the smallest unit, as bigint).
// The chain family's own receiver check (EVM checksum, Solana 32-byte key) needs viem or web3.js,
// which load only with their chain, so it arrives here as `receiverAccepted`.
import { type AccountEntry, isAddressOf, type TokenBalance } from '@walletframe/protocol'
import { accountMessages } from './accountMessages.js'

/** Namespaces the frame can send on; any other is "Unsupported chain". */
export const sendNamespaces: ReadonlySet<string> = new Set(['eip155', 'solana'])

export type Amount = { ok: true; value: bigint } | { ok: false; message: string }

const decimalText = /^(\d*)(?:\.(\d*))?$/

/**
 * `text` as typed (`1.5`, `.25`, `10.`) in the token's smallest unit. Signs, exponents, separators
 * and more decimals than the token has are "Incorrect amount" (rounding would send another amount
 * than the one shown); zero is "Please enter a valid amount".
 */
export function parseAmount(text: string, decimals: number): Amount {
  const match = decimalText.exec(text.trim())
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '') || fraction.length > decimals)
    return { ok: false, message: accountMessages.incorrectAmount }
  const value = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
  if (value === 0n) return { ok: false, message: accountMessages.invalidAmount }
  return { ok: true, value }
}

/** A balance the API sends as decimal text (`quantity.numeric`), in the smallest unit; digits past `decimals` are dropped. */
export function unitsOf(numeric: string, decimals: number): bigint {
  const match = decimalText.exec(numeric.trim())
  if (!match) return 0n
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return BigInt(match[1] || '0') * 10n ** BigInt(decimals) + BigInt(fraction || '0')
}

/** `units` of a currency with `decimals`, at `price` USD each. */
export function toUsd(units: bigint, decimals: number, price: number): number {
  return (Number(units) / 10 ** decimals) * price
}

/**
 * Out of gas when the network balance in USD is 0 or below the gas price in USD; never for smart
 * accounts.
 */
export function isInsufficientGas(input: {
  networkBalanceInUSD: number
  gasPriceInUSD: number
  accountType?: AccountEntry['type'] | undefined
}): boolean {
  if (input.accountType === 'smartAccount') return false
  return input.networkBalanceInUSD === 0 || input.networkBalanceInUSD < input.gasPriceInUSD
}

/** Where the network fee of the send stands. */
export type FeeEstimate =
  | { status: 'pending' }
  | { status: 'failed'; message: string }
  /** `fee` in the native currency's smallest unit; `gasPrice` (wei per gas) on EVM networks. */
  | { status: 'ready'; fee: bigint; gasPrice?: bigint | undefined }

export type SendCheck = {
  /** The namespace of the network the send is on. */
  namespace: string
  /** The token to send, as the balance service lists it (`address` absent for the native currency). */
  token: Pick<TokenBalance, 'address' | 'quantity'> | undefined
  /** The amount as typed. */
  amount: string
  receiver: string
  /** Whether the chain family takes the receiver as an account (EVM checksum, Solana 32-byte key). */
  receiverAccepted: boolean
  fee: FeeEstimate
  /** The native currency: balance in the smallest unit, decimals, unit price in USD (0 when unknown). */
  native: { balance: bigint; decimals: number; price: number }
  accountType?: AccountEntry['type'] | undefined
}

export type Verdict =
  | { status: 'ready'; amount: bigint }
  | { status: 'invalid'; message: string }
  /** Everything else is right; the network fee is not known yet. */
  | { status: 'estimating' }

const invalid = (message: string): Verdict => ({ status: 'invalid', message })

/** Whether the form can send, and what to tell the user when it cannot. */
export function validateSend(input: SendCheck): Verdict {
  if (!sendNamespaces.has(input.namespace)) return invalid(accountMessages.unsupportedChain)
  const { token } = input
  const amountText = input.amount.trim()
  const receiver = input.receiver.trim()
  // An ERC20 send needs the token address, a native one the decimals (and the gas price,
  // checked with the fee below), any send an amount and a receiver.
  const decimals = token ? Number(token.quantity.decimals) : Number.NaN
  if (!token || !Number.isInteger(decimals) || decimals < 0 || !amountText || !receiver)
    return invalid(accountMessages.invalidAmountAndReceiver)
  const amount = parseAmount(amountText, decimals)
  if (!amount.ok) return invalid(amount.message)
  if (!isAddressOf(input.namespace, receiver) || !input.receiverAccepted)
    return invalid(accountMessages.invalidAmountAndReceiver)
  const balance = unitsOf(token.quantity.numeric, decimals)
  if (amount.value > balance) return invalid(accountMessages.insufficientBalance)
  const smartAccount = input.accountType === 'smartAccount'
  const { native } = input
  // No native balance (0 in USD) is out of gas whatever the fee; a node may not even
  // estimate the gas of an account that cannot pay for it.
  if (!smartAccount && native.balance === 0n) return invalid(accountMessages.insufficientBalance)

  if (input.fee.status === 'pending') return { status: 'estimating' }
  if (input.fee.status === 'failed') return invalid(input.fee.message)
  const { fee, gasPrice } = input.fee
  const isNative = token.address === undefined
  if (input.namespace === 'eip155' && isNative && gasPrice === undefined)
    return invalid(accountMessages.invalidAmountAndReceiver)
  if (smartAccount) return { status: 'ready', amount: amount.value }
  // With no price for the native currency both USD figures would be 0 and every send "out of gas":
  // the same comparison then runs in the currency itself, which is what the USD one stands for.
  const outOfGas =
    native.price > 0
      ? isInsufficientGas({
          networkBalanceInUSD: toUsd(native.balance, native.decimals, native.price),
          gasPriceInUSD: toUsd(fee, native.decimals, native.price),
          accountType: input.accountType,
        })
      : native.balance === 0n || native.balance < fee
  // Sending the native currency, the fee comes out of the same balance as the amount.
  if (outOfGas || (isNative && amount.value + fee > native.balance))
    return invalid(accountMessages.insufficientBalance)
  return { status: 'ready', amount: amount.value }
}
