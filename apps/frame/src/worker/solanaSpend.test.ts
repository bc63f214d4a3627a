// What the Worker reads a Solana transaction message to move, built with the same library calls the
// frame's sends use: SOL by the System program, a token by transferChecked (its mint named), a new
// token account's rent, the fee its compute budget allows; any other program, or a mint only a lookup
// table names, is unknown. A text message never reads as a transaction.
import '../chains/solana/buffer.js'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  ComputeBudgetProgram,
  Keypair,
  type PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
} from '@solana/web3.js'
import { keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { isTransactionLike, readMessage, solanaTransactionSpend } from './solanaSpend.js'

const chain = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const payer = Keypair.generate().publicKey
const to = Keypair.generate().publicKey
const mint = Keypair.generate().publicKey
const blockhash = Keypair.generate().publicKey.toBase58()

function bytesOf(instructions: TransactionInstruction[], from: PublicKey = payer): Uint8Array {
  return new TransactionMessage({ payerKey: from, recentBlockhash: blockhash, instructions })
    .compileToV0Message()
    .serialize()
}

describe('solanaTransactionSpend', () => {
  it('reads a SOL transfer, with the fee of its one signature', () => {
    const bytes = bytesOf([SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 1_000n })])
    expect(solanaTransactionSpend(chain, bytes)).toEqual({
      chain,
      digest: keccak256(bytes),
      native: (1_000n + 5_000n).toString(),
      tokens: [],
      unknown: false,
    })
  })

  it("reads a token's transferChecked, a new account's rent and the priority fee its budget allows", () => {
    const source = getAssociatedTokenAddressSync(mint, payer)
    const destination = getAssociatedTokenAddressSync(mint, to)
    const bytes = bytesOf([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 100_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000n }),
      createAssociatedTokenAccountIdempotentInstruction(payer, destination, to, mint),
      createTransferCheckedInstruction(source, mint, destination, payer, 42n, 6),
    ])
    expect(solanaTransactionSpend(chain, bytes)).toMatchObject({
      native: (5_000n + 2_500_000n + 100_000n).toString(),
      tokens: [{ asset: mint.toBase58(), amount: '42' }],
      unknown: false,
    })
  })

  it('calls a transfer that names no mint, another program, or bytes that are no message unknown', () => {
    const source = getAssociatedTokenAddressSync(mint, payer)
    const unchecked = bytesOf([
      createTransferInstruction(source, getAssociatedTokenAddressSync(mint, to), payer, 1n),
    ])
    expect(solanaTransactionSpend(chain, unchecked).unknown).toBe(true)
    const other = bytesOf([{ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from([1]) }])
    expect(solanaTransactionSpend(chain, other).unknown).toBe(true)
    const assign = bytesOf([SystemProgram.assign({ accountPubkey: payer, programId: mint })])
    expect(solanaTransactionSpend(chain, assign).unknown).toBe(true)
    const trailing = new Uint8Array([...bytesOf([]), 0])
    expect(solanaTransactionSpend(chain, trailing).unknown).toBe(true)
    // Named as another network's, it would be weighed in that coin: it is not read at all.
    const transfer = bytesOf([
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 10n ** 12n }),
    ])
    expect(solanaTransactionSpend('eip155:1', transfer).unknown).toBe(true)
  })
})

describe('readMessage and isTransactionLike', () => {
  it('reads a whole transaction message, and no text', () => {
    const bytes = bytesOf([SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 1n })])
    expect(readMessage(bytes)?.version).toBe(0)
    expect(isTransactionLike(bytes)).toBe(true)
    const text = new TextEncoder().encode('Sign in to example.com')
    expect(readMessage(text)).toBeUndefined()
    expect(isTransactionLike(text)).toBe(false)
    // A version this reader does not weigh is still a transaction, never an off-chain message.
    expect(isTransactionLike(new Uint8Array([0x81, ...bytes.slice(1)]))).toBe(true)
  })
})
