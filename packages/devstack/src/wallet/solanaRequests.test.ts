import { ed25519 } from '@noble/curves/ed25519'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  type PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaKeypair } from '../accounts.js'
import * as Cluster from '../solana/Cluster.js'
import { caipNetworkId } from '../solana/constants.js'
import { toErrorObject } from './requests.js'
import * as SolanaRequests from './solanaRequests.js'

// Test key 0 of the devstack mnemonic: the local cluster funds it with 100 SOL.
const keypair = solanaKeypair(0)
const other = solanaKeypair(1)
const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
/** Any 32 bytes pass as a blockhash for signing; only sending needs a live one. */
const someBlockhash = bs58.encode(new Uint8Array(32).fill(7))

let cluster: Cluster.Cluster
let connection: Connection

beforeAll(async () => {
  cluster = await Cluster.start()
  connection = new Connection(cluster.network.rpcUrls.default.http[0]!, 'confirmed')
})

afterAll(async () => {
  await cluster?.stop()
})

function answer(method: string, params: unknown, chainId = mainnet) {
  return SolanaRequests.answer(
    { method, params },
    { keypair, chainId, rpcUrls: { [caipNetworkId]: cluster.network.rpcUrls.default.http[0]! } },
  )
}

function transfer(from: PublicKey, to: PublicKey, lamports: number) {
  return SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports })
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('SolanaRequests.answer: solana_signMessage', () => {
  it('signs the message bytes with a signature that verifies against the wallet key', async () => {
    const message = new TextEncoder().encode('Sign in to Walletframe')
    const result = (await answer('solana_signMessage', {
      message: bs58.encode(message),
      pubkey: keypair.publicKey.toBase58(),
    })) as { signature: string }
    expect(ed25519.verify(bs58.decode(result.signature), message, keypair.publicKey.toBytes())).toBe(true)
  })

  it('refuses another pubkey or a message that is not base58 with -32602', async () => {
    await expect(
      answer('solana_signMessage', { message: bs58.encode([1, 2]), pubkey: other.publicKey.toBase58() }),
    ).rejects.toMatchObject({
      code: -32602,
      details: expect.stringContaining('not an account of this wallet'),
    })
    await expect(
      answer('solana_signMessage', { message: '0OIl', pubkey: keypair.publicKey.toBase58() }),
    ).rejects.toMatchObject({ code: -32602, details: expect.stringContaining('message') })
    await expect(answer('solana_signMessage', ['hi'])).rejects.toMatchObject({ code: -32602 })
  })
})

describe('SolanaRequests.answer: solana_signTransaction', () => {
  it('signs a legacy transaction: it deserializes and its signatures verify', async () => {
    const transaction = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: someBlockhash }).add(
      transfer(keypair.publicKey, other.publicKey, 1000),
    )
    const unsigned = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
    const result = (await answer('solana_signTransaction', { transaction: base64(unsigned) })) as {
      signature: string
      transaction: string
    }
    const signed = Transaction.from(Buffer.from(result.transaction, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.feePayer?.equals(keypair.publicKey)).toBe(true)
    expect(signed.signature && bs58.encode(signed.signature)).toBe(result.signature)
    expect(signed.serializeMessage().equals(transaction.serializeMessage())).toBe(true)
  })

  it('signs a v0 transaction without changing its message', async () => {
    const message = new TransactionMessage({
      payerKey: keypair.publicKey,
      recentBlockhash: someBlockhash,
      instructions: [transfer(keypair.publicKey, other.publicKey, 1000)],
    }).compileToV0Message()
    const unsigned = new VersionedTransaction(message).serialize()
    const result = (await answer('solana_signTransaction', { transaction: base64(unsigned) })) as {
      signature: string
      transaction: string
    }
    const signed = VersionedTransaction.deserialize(Buffer.from(result.transaction, 'base64'))
    expect(signed.version).toBe(0)
    expect(signed.message.serialize()).toEqual(message.serialize())
    expect(bs58.encode(signed.signatures[0]!)).toBe(result.signature)
    expect(ed25519.verify(signed.signatures[0]!, message.serialize(), keypair.publicKey.toBytes())).toBe(true)
  })

  it('adds its signature beside one the dapp already made', async () => {
    const transaction = new Transaction({ feePayer: other.publicKey, recentBlockhash: someBlockhash }).add(
      transfer(keypair.publicKey, other.publicKey, 1000),
    )
    transaction.partialSign(other)
    const partly = transaction.serialize({ requireAllSignatures: false })
    const result = (await answer('solana_signTransaction', { transaction: base64(partly) })) as {
      signature: string
      transaction: string
    }
    const signed = Transaction.from(Buffer.from(result.transaction, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.signatures.map(({ publicKey }) => publicKey.toBase58())).toEqual([
      other.publicKey.toBase58(),
      keypair.publicKey.toBase58(),
    ])
    expect(bs58.encode(signed.signatures[1]!.signature!)).toBe(result.signature)
  })

  it('refuses a transaction it is no signer of, or bytes that are no transaction, with -32602', async () => {
    const foreign = new Transaction({ feePayer: other.publicKey, recentBlockhash: someBlockhash }).add(
      transfer(other.publicKey, keypair.publicKey, 1000),
    )
    await expect(
      answer('solana_signTransaction', {
        transaction: base64(foreign.serialize({ requireAllSignatures: false })),
      }),
    ).rejects.toMatchObject({ code: -32602, details: expect.stringContaining('not one of its signers') })
    await expect(
      answer('solana_signTransaction', { transaction: base64(new Uint8Array([1, 2, 3])) }),
    ).rejects.toMatchObject({
      code: -32602,
      details: expect.stringContaining('not a serialized Solana transaction'),
    })
    await expect(answer('solana_signTransaction', { transaction: 'not base64!' })).rejects.toMatchObject({
      code: -32602,
    })
  })
})

describe('SolanaRequests.answer: solana_signAndSendTransaction', () => {
  it('signs and sends to the cluster of the request chain, where the transfer lands', async () => {
    const recipient = Keypair.generate().publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: keypair.publicKey,
      recentBlockhash: blockhash,
      instructions: [transfer(keypair.publicKey, recipient, LAMPORTS_PER_SOL)],
    }).compileToV0Message()
    const result = (await answer(
      'solana_signAndSendTransaction',
      {
        transaction: base64(new VersionedTransaction(message).serialize()),
        sendOptions: { preflightCommitment: 'confirmed' },
      },
      caipNetworkId,
    )) as { signature: string }
    const status = await connection.getSignatureStatus(result.signature)
    expect(status.value?.err).toBeNull()
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL)
    expect(
      ed25519.verify(bs58.decode(result.signature), message.serialize(), keypair.publicKey.toBytes()),
    ).toBe(true)
  })

  it('answers -32602 for a chain it has no RPC URL for', async () => {
    const transaction = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: someBlockhash }).add(
      transfer(keypair.publicKey, other.publicKey, 1000),
    )
    await expect(
      answer('solana_signAndSendTransaction', {
        transaction: base64(transaction.serialize({ requireAllSignatures: false })),
      }),
    ).rejects.toMatchObject({ code: -32602, details: `The test wallet has no RPC URL for ${mainnet}` })
  })

  it('reports a transaction the cluster refuses as an internal error with its reason', async () => {
    const poor = Keypair.generate()
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: poor.publicKey, recentBlockhash: blockhash }).add(
      transfer(poor.publicKey, keypair.publicKey, 1000),
      transfer(keypair.publicKey, poor.publicKey, 1),
    )
    transaction.partialSign(poor)
    const error = await answer(
      'solana_signAndSendTransaction',
      { transaction: base64(transaction.serialize({ requireAllSignatures: false })) },
      caipNetworkId,
    ).catch((thrown: unknown) => thrown)
    // The fee payer has never been funded: preflight fails and the dapp is told why.
    expect(toErrorObject(error)).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/prior credit/),
    })
  })
})

describe('SolanaRequests.answer: other methods', () => {
  it('answers 4200 for a method it does not support', async () => {
    await expect(answer('solana_signAllTransactions', { transactions: [] })).rejects.toMatchObject({
      code: 4200,
    })
  })
})
