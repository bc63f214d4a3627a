// Answers the Bitcoin requests a dapp sends the test wallet (the WalletConnect Bitcoin RPC methods)
// with its native segwit key. There is no Bitcoin node in the devstack: nothing is broadcast.
// sendTransfer spends a fixed set of made-up devstack UTXOs and answers the id of the transaction
// it built and signed; signPsbt with `broadcast` is refused.
import { createHash } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1'
import * as btc from '@scure/btc-signer'
import {
  BitcoinGetAccountAddressesParams,
  type BitcoinMessageProtocol,
  BitcoinSendTransferParams,
  BitcoinSignMessageParams,
  BitcoinSignPsbtParams,
} from '@walletframe/protocol'
import { InvalidParamsRpcError, ResourceUnavailableRpcError, UnsupportedProviderMethodError } from 'viem'
import type { BitcoinAccount } from './bitcoinKeys.js'

export type Request = { method: string; params?: unknown }

export type Context = {
  /** The wallet's account on the request's network. */
  account: BitcoinAccount
}

/** What signMessage signs with when the dapp names no protocol: BIP-322 simple. */
export const defaultMessageProtocol: BitcoinMessageProtocol = 'bip322'

/** Fee rate of the transfers the wallet builds, in satoshis per virtual byte. */
export const feeRate = 2n

/** Runs one Bitcoin request; throws viem RpcErrors carrying EIP-1193 / JSON-RPC codes. */
export async function answer(request: Request, context: Context): Promise<unknown> {
  const { account } = context
  switch (request.method) {
    case 'signMessage': {
      const params = parse(BitcoinSignMessageParams, request)
      owned(account, params.account, 'account')
      if (params.address !== undefined) owned(account, params.address, 'address')
      const protocol = params.protocol ?? defaultMessageProtocol
      const signed =
        protocol === 'bip322' ? signBip322(params.message, account) : signLegacy(params.message, account)
      return { address: account.address, signature: signed.signature, messageHash: hex(signed.hash) }
    }
    case 'sendTransfer': {
      const params = parse(BitcoinSendTransferParams, request)
      owned(account, params.account, 'account')
      return { txid: buildTransfer(params, account).id }
    }
    case 'signPsbt': {
      const params = parse(BitcoinSignPsbtParams, request)
      owned(account, params.account, 'account')
      if (params.broadcast)
        throw new ResourceUnavailableRpcError(
          new Error('The test wallet has no Bitcoin node to broadcast to: sign without "broadcast"'),
        )
      return { psbt: Buffer.from(signPsbt(params, account).toPSBT()).toString('base64') }
    }
    case 'getAccountAddresses': {
      const params = parse(BitcoinGetAccountAddressesParams, request)
      owned(account, params.account, 'account')
      return [
        {
          address: account.address,
          publicKey: hex(account.publicKey),
          path: account.path,
          intention: 'payment',
        },
      ]
    }
    default:
      throw new UnsupportedProviderMethodError(
        new Error(`The test wallet does not support ${request.method}`),
      )
  }
}

const encoder = new TextEncoder()

function sha256(...parts: Uint8Array[]): Uint8Array {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return new Uint8Array(hash.digest())
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

/**
 * BIP-322 "simple": the message's tagged hash (tag "BIP0322-signed-message") goes into the scriptSig
 * of a virtual `to_spend` transaction (version 0, one input spending nothing, one 0-value output
 * paying the address); the signature is the witness of the virtual `to_sign` transaction that
 * spends that output to an OP_RETURN, serialized and base64-encoded. A verifier rebuilds both.
 */
export function signBip322(
  message: string,
  account: BitcoinAccount,
): { signature: string; hash: Uint8Array } {
  const tag = sha256(encoder.encode('BIP0322-signed-message'))
  const hash = sha256(tag, tag, encoder.encode(message))
  const toSpend = new btc.Transaction({ version: 0, allowUnknownInputs: true })
  // The output first: a transaction with a final scriptSig takes no new outputs.
  toSpend.addOutput({ script: account.script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: btc.Script.encode(['OP_0', hash]),
  })
  const toSign = new btc.Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: account.script, amount: 0n },
  })
  toSign.addOutput({ script: btc.Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(account.privateKey, 0)
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322: the to_sign input has no witness')
  return { signature: Buffer.from(btc.RawWitness.encode(witness)).toString('base64'), hash }
}

/**
 * The legacy signed-message format: a recoverable ECDSA signature over the double SHA-256 of the
 * "Bitcoin Signed Message" preamble and the message, its header byte saying the key is behind a
 * P2WPKH address (BIP-137: 39 + recovery id).
 */
export function signLegacy(
  message: string,
  account: BitcoinAccount,
): { signature: string; hash: Uint8Array } {
  const text = encoder.encode(message)
  const hash = sha256(
    sha256(
      encoder.encode('\x18Bitcoin Signed Message:\n'),
      btc.CompactSize.encode(BigInt(text.length)),
      text,
    ),
  )
  const signature = secp256k1.sign(hash, account.privateKey)
  return {
    signature: Buffer.from([39 + signature.recovery, ...signature.toCompactRawBytes()]).toString('base64'),
    hash,
  }
}

/**
 * The devstack's made-up UTXOs of `account`: two outputs paying it (1 BTC and 0.25 BTC) in
 * transactions whose ids are derived from the account, so every run builds the same transfer.
 */
export function devstackUtxos(account: BitcoinAccount): { txid: string; index: number; amount: bigint }[] {
  return [100_000_000n, 25_000_000n].map((amount, position) => ({
    txid: hex(
      sha256(encoder.encode(`walletframe devstack utxo ${account.chainId} ${account.address} ${position}`)),
    ),
    index: 0,
    amount,
  }))
}

/** The transfer, signed and final, spending the devstack UTXOs with change back to the wallet. */
export function buildTransfer(params: BitcoinSendTransferParams, account: BitcoinAccount): btc.Transaction {
  address(account, params.recipientAddress, 'recipientAddress')
  const changeAddress = params.changeAddress ?? account.address
  owned(account, changeAddress, 'changeAddress')
  const inputs = devstackUtxos(account).map((utxo) => ({
    txid: utxo.txid,
    index: utxo.index,
    witnessUtxo: { script: account.script, amount: utxo.amount },
  }))
  const outputs: ({ address: string; amount: bigint } | { script: Uint8Array; amount: bigint })[] = [
    { address: params.recipientAddress, amount: BigInt(params.amount) },
  ]
  // A memo travels as an OP_RETURN output (at most 80 bytes, the relay policy's limit).
  if (params.memo) {
    const memo = encoder.encode(params.memo)
    if (memo.length > 80) throw invalidParams('memo: at most 80 bytes')
    outputs.push({ script: btc.Script.encode(['RETURN', memo]), amount: 0n })
  }
  const selected = btc.selectUTXO(inputs, outputs, 'default', {
    changeAddress,
    feePerByte: feeRate,
    network: account.network,
    createTx: true,
    bip69: false,
    allowUnknownOutputs: true,
  })
  if (!selected?.tx)
    throw invalidParams(
      `amount: the test wallet's devstack UTXOs cannot pay ${params.amount} satoshis and the fee`,
    )
  selected.tx.sign(account.privateKey)
  selected.tx.finalize()
  return selected.tx
}

/** The PSBT with the inputs the request names signed by the wallet's key (not finalized). */
export function signPsbt(params: BitcoinSignPsbtParams, account: BitcoinAccount): btc.Transaction {
  let transaction: btc.Transaction
  try {
    transaction = btc.Transaction.fromPSBT(new Uint8Array(Buffer.from(params.psbt, 'base64')))
  } catch (error) {
    throw invalidParams(`psbt: not a PSBT (${(error as Error).message})`)
  }
  for (const [position, input] of params.signInputs.entries()) {
    owned(account, input.address, `signInputs.${position}.address`)
    if (input.index >= transaction.inputsLength)
      throw invalidParams(`signInputs.${position}.index: the PSBT has ${transaction.inputsLength} inputs`)
    const [only, ...others] = input.sighashTypes ?? []
    // A single requested sighash type is the one to sign with when the PSBT names none.
    if (
      only !== undefined &&
      others.length === 0 &&
      transaction.getInput(input.index).sighashType === undefined
    )
      transaction.updateInput(input.index, { sighashType: only })
    try {
      transaction.signIdx(account.privateKey, input.index, input.sighashTypes)
    } catch (error) {
      throw invalidParams(
        `signInputs.${position}: cannot sign input ${input.index} (${(error as Error).message})`,
      )
    }
  }
  return transaction
}

/** `value` must be the wallet's address on the request's network. */
function owned(account: BitcoinAccount, value: string, field: string): void {
  if (value !== account.address) throw invalidParams(`${field}: ${value} is not an address of this wallet`)
}

/** `value` must be an address of the request's network. */
function address(account: BitcoinAccount, value: string, field: string): void {
  try {
    btc.Address(account.network).decode(value)
  } catch {
    throw invalidParams(`${field}: ${value} is not a Bitcoin address of ${account.chainId}`)
  }
}

type Schema<T> = {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
}

function parse<T>(schema: Schema<T>, request: Request): T {
  const parsed = schema.safeParse(request.params)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : ''
  throw invalidParams(`${request.method}: ${where}${issue?.message ?? 'invalid params'}`)
}

function invalidParams(message: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError(new Error(message))
}
