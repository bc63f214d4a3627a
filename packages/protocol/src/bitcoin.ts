// Bitcoin (bip122) requests as a dapp sends them through the provider and a WalletConnect wallet
// answers them (the WalletConnect Bitcoin RPC methods): their parameters, their answers, and the
// errors the frame refuses a malformed or foreign request with before any wallet sees it.

import type { BitcoinMethod } from './bitcoinMethods.js'
import { InvalidParamsError, ProviderRpcError, rpcErrorCodes } from './internal/rpcErrors.js'
import * as z from './internal/zod.js'

/**
 * How a message is signed: `bip322` the BIP-322 "simple" signature (a witness, base64), which every
 * address type has; `ecdsa` the legacy signed-message format (BIP-137 for segwit addresses, 65
 * bytes, base64). A wallet picks its default when absent.
 */
export const BitcoinMessageProtocol = z.enum(['bip322', 'ecdsa'])
export type BitcoinMessageProtocol = z.infer<typeof BitcoinMessageProtocol>

const nonEmpty = (what: string) => z.string(`Expected ${what}`).check(z.minLength(1, `Expected ${what}`))
const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/
const txidPattern = /^[0-9a-fA-F]{64}$/

/** The account is the session's Bitcoin address (its first external address) the request is made for. */
export const BitcoinSignMessageParams = z.object({
  account: nonEmpty('"account", a Bitcoin address of the session'),
  message: z.string('Expected "message", the text to sign'),
  /** The address to sign with, when not the account's own. */
  address: z.optional(nonEmpty('"address", a Bitcoin address')),
  protocol: z.optional(BitcoinMessageProtocol),
})
export type BitcoinSignMessageParams = z.infer<typeof BitcoinSignMessageParams>

export const BitcoinSignMessageResult = z.object({
  address: nonEmpty('the signing address'),
  signature: z.string().check(z.regex(base64Pattern, 'Expected a base64 signature')),
  messageHash: z.optional(z.string()),
})
export type BitcoinSignMessageResult = z.infer<typeof BitcoinSignMessageResult>

export const BitcoinSendTransferParams = z.object({
  account: nonEmpty('"account", a Bitcoin address of the session'),
  recipientAddress: nonEmpty('"recipientAddress", a Bitcoin address'),
  /** In satoshis, as decimal text (amounts can exceed 2^53). */
  amount: z
    .string('Expected "amount" in satoshis, as text')
    .check(z.regex(/^[1-9][0-9]*$/, 'Expected "amount" in satoshis: a positive whole number, as text')),
  memo: z.optional(z.string()),
  changeAddress: z.optional(nonEmpty('"changeAddress", a Bitcoin address')),
})
export type BitcoinSendTransferParams = z.infer<typeof BitcoinSendTransferParams>

export const BitcoinSendTransferResult = z.object({
  txid: z.string().check(z.regex(txidPattern, 'Expected a transaction id (64 hex digits)')),
})
export type BitcoinSendTransferResult = z.infer<typeof BitcoinSendTransferResult>

/** One input the wallet is asked to sign, with the address whose key signs it. */
export const BitcoinSignInput = z.object({
  address: nonEmpty('"address", a Bitcoin address'),
  index: z
    .int('Expected "index", an input index')
    .check(z.nonnegative('Expected a non-negative input index')),
  sighashTypes: z.optional(z.array(z.int())),
})
export type BitcoinSignInput = z.infer<typeof BitcoinSignInput>

export const BitcoinSignPsbtParams = z.object({
  account: nonEmpty('"account", a Bitcoin address of the session'),
  /** BIP-174, base64. */
  psbt: z.string('Expected "psbt", a base64 PSBT').check(z.regex(base64Pattern, 'Expected "psbt" in base64')),
  signInputs: z.array(BitcoinSignInput),
  broadcast: z.optional(z.boolean()),
})
export type BitcoinSignPsbtParams = z.infer<typeof BitcoinSignPsbtParams>

export const BitcoinSignPsbtResult = z.object({
  psbt: z.string().check(z.regex(base64Pattern, 'Expected a base64 PSBT')),
  txid: z.optional(z.string().check(z.regex(txidPattern, 'Expected a transaction id (64 hex digits)'))),
})
export type BitcoinSignPsbtResult = z.infer<typeof BitcoinSignPsbtResult>

export const BitcoinGetAccountAddressesParams = z.object({
  account: nonEmpty('"account", a Bitcoin address of the session'),
  intentions: z.optional(z.array(z.string())),
})
export type BitcoinGetAccountAddressesParams = z.infer<typeof BitcoinGetAccountAddressesParams>

export const BitcoinAccountAddress = z.object({
  address: nonEmpty('an address'),
  publicKey: z.optional(z.string()),
  path: z.optional(z.string()),
  intention: z.optional(z.string()),
})
export const BitcoinGetAccountAddressesResult = z.array(BitcoinAccountAddress)
export type BitcoinGetAccountAddressesResult = z.infer<typeof BitcoinGetAccountAddressesResult>

/** Each method's parameters and answer. */
export const bitcoinSchemas = {
  signMessage: { params: BitcoinSignMessageParams, result: BitcoinSignMessageResult },
  sendTransfer: { params: BitcoinSendTransferParams, result: BitcoinSendTransferResult },
  signPsbt: { params: BitcoinSignPsbtParams, result: BitcoinSignPsbtResult },
  getAccountAddresses: { params: BitcoinGetAccountAddressesParams, result: BitcoinGetAccountAddressesResult },
} as const satisfies Record<BitcoinMethod, unknown>

/**
 * The request names an address that is not a Bitcoin account of the connection on that network:
 * EIP-1193 4100 (the account is not authorized), so a page cannot have the wallet sign for an
 * address the user never connected.
 */
export class BitcoinAccountNotConnectedError extends ProviderRpcError {
  override name = 'BitcoinAccountNotConnectedError'
  constructor(address: string, network: string) {
    super(
      rpcErrorCodes.unauthorized,
      `${address} is not a Bitcoin account of this connection on ${network}`,
      {
        reason: 'accountNotConnected',
      },
    )
  }
}

/** An address that is not one of the network's (wrong format, checksum or network). */
export class InvalidBitcoinAddressError extends InvalidParamsError {
  override name = 'InvalidBitcoinAddressError'
  constructor(field: string, address: string, network: string) {
    super(`${field}: ${address} is not a Bitcoin address of ${network}`, { reason: 'invalidAddress', field })
  }
}

/** `psbt` does not decode as a BIP-174 PSBT, or names inputs it does not have. */
export class InvalidPsbtError extends InvalidParamsError {
  override name = 'InvalidPsbtError'
  constructor(detail: string) {
    super(`psbt: ${detail}`, { reason: 'invalidPsbt' })
  }
}

/** A Bitcoin method was asked for on a network of another namespace. */
export class NotABitcoinNetworkError extends InvalidParamsError {
  override name = 'NotABitcoinNetworkError'
  constructor(method: string, network: string) {
    super(`${method} is a Bitcoin method and ${network} is not a Bitcoin network`, { reason: 'wrongChain' })
  }
}
