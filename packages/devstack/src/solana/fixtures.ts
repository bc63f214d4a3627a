// Start-up state of the local Solana cluster, made with real transactions so it shows up in history:
// SOL for the test keys, a USDC mint (6 decimals, mint authority = test key 0) with balances, and a
// couple of transfers between test keys.
import { createHash } from 'node:crypto'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import type { Ledger } from './Ledger.js'

/** The USDC mint's key is derived from a fixed label, so its address is the same on every run. */
export const usdcMintKeypair = (): Keypair =>
  Keypair.fromSeed(createHash('sha256').update('walletframe devstack solana usdc mint').digest())

export const usdc = { symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 } as const

/** Whole SOL and USDC each test key holds at start. */
export const testBalances = { sol: 100, usdc: 10_000 } as const

function send(
  ledger: Ledger,
  payer: Keypair,
  instructions: TransactionInstruction[],
  signers: Keypair[] = [],
) {
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: ledger.latestBlockhash().blockhash,
    instructions,
  }).compileToLegacyMessage()
  const transaction = new VersionedTransaction(message)
  transaction.sign([payer, ...signers])
  return ledger.send(transaction.serialize())
}

export function seed(ledger: Ledger, keys: Keypair[]): { usdcMint: string } {
  const [alice, bob] = keys as [Keypair, Keypair]
  for (const key of keys) ledger.airdrop(key.publicKey, testBalances.sol * LAMPORTS_PER_SOL)

  const mint = usdcMintKeypair()
  send(
    ledger,
    alice,
    [
      SystemProgram.createAccount({
        fromPubkey: alice.publicKey,
        newAccountPubkey: mint.publicKey,
        lamports: Number(ledger.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
        space: MINT_SIZE,
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMint2Instruction(mint.publicKey, usdc.decimals, alice.publicKey, null),
    ],
    [mint],
  )
  const amount = BigInt(testBalances.usdc) * 10n ** BigInt(usdc.decimals)
  for (const key of keys) {
    const ata = getAssociatedTokenAddressSync(mint.publicKey, key.publicKey)
    send(ledger, alice, [
      createAssociatedTokenAccountIdempotentInstruction(alice.publicKey, ata, key.publicKey, mint.publicKey),
      createMintToInstruction(mint.publicKey, ata, alice.publicKey, amount),
    ])
  }

  send(ledger, alice, [
    SystemProgram.transfer({
      fromPubkey: alice.publicKey,
      toPubkey: bob.publicKey,
      lamports: LAMPORTS_PER_SOL,
    }),
  ])
  send(ledger, bob, [
    createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint.publicKey, bob.publicKey),
      mint.publicKey,
      getAssociatedTokenAddressSync(mint.publicKey, alice.publicKey),
      bob.publicKey,
      25n * 10n ** BigInt(usdc.decimals),
      usdc.decimals,
    ),
  ])
  return { usdcMint: mint.publicKey.toBase58() }
}
