// Answers the Solana requests a dapp sends the test wallet, in the shapes of the WalletConnect
// Solana RPC reference (https://docs.walletconnect.com/advanced/multichain/rpc-reference/solana-rpc):
// messages and transactions signed with the wallet's ed25519 key, sent transactions really go to
// the Solana RPC of the request's chain.
import { createPrivateKey, sign } from 'node:crypto'
import { Connection, type Keypair, type SendOptions, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { InvalidParamsRpcError, UnsupportedProviderMethodError } from 'viem'
import { z } from 'zod'

export type Request = { method: string; params?: unknown }

export type Context = {
  keypair: Pick<Keypair, 'publicKey' | 'secretKey'>
  /** CAIP-2 id of the chain the request is for (`solana:<genesis hash prefix>`). */
  chainId: string
  /** CAIP-2 id -> JSON-RPC URL of the clusters the wallet can send to. */
  rpcUrls: Readonly<Record<string, string>>
}

const base58 = z
  .string()
  .min(1)
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'expected base58')
const base64 = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'expected base64')

const SignMessage = z.object({ message: base58, pubkey: base58 })
const SignTransaction = z.object({ transaction: base64 })
const SignAndSendTransaction = z.object({
  transaction: base64,
  sendOptions: z
    .object({
      skipPreflight: z.boolean().optional(),
      preflightCommitment: z.enum(['processed', 'confirmed', 'finalized']).optional(),
      maxRetries: z.number().int().nonnegative().optional(),
      minContextSlot: z.number().int().nonnegative().optional(),
    })
    .optional(),
})

/** Runs one Solana request; throws viem RpcErrors carrying EIP-1193 / JSON-RPC codes. */
export async function answer(request: Request, context: Context): Promise<unknown> {
  switch (request.method) {
    case 'solana_signMessage': {
      const { message, pubkey } = parse(SignMessage, request)
      if (pubkey !== context.keypair.publicKey.toBase58())
        throw invalidParams(`${pubkey} is not an account of this wallet`)
      return { signature: bs58.encode(signBytes(bs58.decode(message), context.keypair)) }
    }
    case 'solana_signTransaction': {
      const transaction = signTransaction(parse(SignTransaction, request).transaction, context)
      return {
        signature: bs58.encode(ownSignature(transaction, context)),
        transaction: Buffer.from(transaction.serialize()).toString('base64'),
      }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction: encoded, sendOptions } = parse(SignAndSendTransaction, request)
      const url = context.rpcUrls[context.chainId]
      if (!url) throw invalidParams(`The test wallet has no RPC URL for ${context.chainId}`)
      const transaction = signTransaction(encoded, context)
      const options: SendOptions = {
        ...(sendOptions?.skipPreflight !== undefined && { skipPreflight: sendOptions.skipPreflight }),
        ...(sendOptions?.preflightCommitment && { preflightCommitment: sendOptions.preflightCommitment }),
        ...(sendOptions?.maxRetries !== undefined && { maxRetries: sendOptions.maxRetries }),
        ...(sendOptions?.minContextSlot !== undefined && { minContextSlot: sendOptions.minContextSlot }),
      }
      // Like wallets do, answer once the cluster accepted it; the dapp confirms it itself.
      const signature = await new Connection(url, 'confirmed').sendRawTransaction(
        transaction.serialize(),
        options,
      )
      return { signature }
    }
    default:
      throw new UnsupportedProviderMethodError(
        new Error(`The test wallet does not support ${request.method}`),
      )
  }
}

/**
 * Decodes a legacy or v0 transaction and adds the wallet's signature. VersionedTransaction reads
 * both wire formats and signs without recompiling the message, so the bytes the dapp built (and
 * any signatures it already has) stay as they were; a legacy one still decodes with Transaction.from.
 */
function signTransaction(encoded: string, context: Context): VersionedTransaction {
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(new Uint8Array(Buffer.from(encoded, 'base64')))
  } catch (error) {
    throw invalidParams(`transaction: not a serialized Solana transaction (${(error as Error).message})`)
  }
  if (signerIndex(transaction, context) < 0) {
    throw invalidParams(
      `transaction: ${context.keypair.publicKey.toBase58()} is not one of its signers, so this wallet cannot sign it`,
    )
  }
  transaction.sign([context.keypair])
  return transaction
}

function signerIndex(transaction: VersionedTransaction, context: Context): number {
  const { staticAccountKeys, header } = transaction.message
  return staticAccountKeys
    .slice(0, header.numRequiredSignatures)
    .findIndex((key) => key.equals(context.keypair.publicKey))
}

function ownSignature(transaction: VersionedTransaction, context: Context): Uint8Array {
  const signature = transaction.signatures[signerIndex(transaction, context)]
  if (!signature) throw new Error('The signed transaction has no signature of this wallet')
  return signature
}

/**
 * ed25519 signature over raw bytes. web3.js 1.x signs only transactions and exports no signer, so
 * this uses Node's own ed25519 (deterministic: any implementation gives the same signature).
 */
function signBytes(message: Uint8Array, keypair: Context['keypair']): Uint8Array {
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      // A Keypair's secretKey is seed (32 bytes) || public key (32 bytes).
      d: Buffer.from(keypair.secretKey.subarray(0, 32)).toString('base64url'),
      x: Buffer.from(keypair.publicKey.toBytes()).toString('base64url'),
    },
  })
  return new Uint8Array(sign(null, message, key))
}

function parse<schema extends z.ZodType>(schema: schema, request: Request): z.infer<schema> {
  const parsed = schema.safeParse(request.params)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw invalidParams(`${request.method}: ${where}${issue?.message ?? 'invalid params'}`)
}

function invalidParams(message: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError(new Error(message))
}
