// POST /v1/simulate and /v1/review for Solana transactions against the devstack's Solana cluster: a SOL
// transfer and a USDC transfer answer the exact balance changes the chain then shows, nothing of them
// happens before they are sent, a transfer that cannot pay says why, and a deny-listed recipient blocks.

import {
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { solanaCaipNetworkId, solanaKeypair } from '@walletframe/devstack'
import { ReviewResponse, SolanaSimulateResponse } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { devstackHarness, expectFieldError, postJson } from '../internal/testing.js'

/** A recipient the project's deny list names; fixed, so the project can name it before the tests run. */
const drainer = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58()

const h = devstackHarness({
  solana: true,
  options: { indexer: { enabled: false } },
  projects: [{ id: 'app', name: 'App', review: { denyList: `${solanaCaipNetworkId}:${drainer}\n` } }],
})

const network = () => h.stack.chainsFile.networks.find((n) => n.caipNetworkId === solanaCaipNetworkId)!
const connection = () => new Connection(network().rpcUrls.default.http[0] as string, 'confirmed')
const usdcMint = () => new PublicKey(network().tokens.find((token) => token.symbol === 'USDC')!.address)

async function transactionOf(payer: Keypair, instructions: TransactionInstruction[]) {
  const { blockhash } = await connection().getLatestBlockhash()
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message()
  return new VersionedTransaction(message)
}

const base64 = (transaction: VersionedTransaction) => Buffer.from(transaction.serialize()).toString('base64')

async function simulate(payer: Keypair, transaction: VersionedTransaction) {
  const response = await postJson(`${h.api.url}/v1/simulate`, {
    projectId: 'app',
    chainId: solanaCaipNetworkId,
    from: payer.publicKey.toBase58(),
    transaction: base64(transaction),
  })
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return SolanaSimulateResponse.parse(body)
}

/** Signs and sends the transaction the review saw, and waits until the cluster confirms it. */
async function send(payer: Keypair, transaction: VersionedTransaction) {
  transaction.sign([payer])
  const signature = await connection().sendTransaction(transaction)
  await connection().confirmTransaction(signature, 'confirmed')
}

describe('POST /v1/simulate (Solana)', () => {
  it('a SOL transfer: the payer loses the amount and the fee, the recipient gains the amount', async () => {
    const payer = solanaKeypair(2)
    const recipient = Keypair.generate().publicKey
    const lamports = LAMPORTS_PER_SOL / 4
    const transaction = await transactionOf(payer, [
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports }),
    ])
    const before = BigInt(await connection().getBalance(payer.publicKey))
    const fee = BigInt((await connection().getFeeForMessage(transaction.message)).value!)
    const result = await simulate(payer, transaction)

    expect(result.status).toBe('success')
    expect(result.fee).toBe(fee.toString())
    expect(result.accountChanges).toEqual([
      {
        account: payer.publicKey.toBase58(),
        pre: before.toString(),
        post: (before - BigInt(lamports) - fee).toString(),
        diff: (-BigInt(lamports) - fee).toString(),
        fee: fee.toString(),
      },
      { account: recipient.toBase58(), pre: '0', post: String(lamports), diff: String(lamports) },
    ])
    // Nothing of it happened; sent, the chain shows what the simulation said.
    expect(await connection().getBalance(recipient)).toBe(0)
    await send(payer, transaction)
    expect(BigInt(await connection().getBalance(payer.publicKey))).toBe(
      BigInt(result.accountChanges[0]!.post),
    )
    expect(await connection().getBalance(recipient)).toBe(lamports)
  })

  it('a USDC transfer: both token accounts change, by owner and mint, in USDC decimals', async () => {
    const payer = solanaKeypair(3)
    const other = solanaKeypair(4)
    const mint = usdcMint()
    const from = getAssociatedTokenAddressSync(mint, payer.publicKey)
    const to = getAssociatedTokenAddressSync(mint, other.publicKey)
    const amount = 12_345_678n
    const transaction = await transactionOf(payer, [
      createTransferCheckedInstruction(from, mint, to, payer.publicKey, amount, 6),
    ])
    const [fromBefore, toBefore] = await Promise.all([
      getAccount(connection(), from).then((account) => account.amount),
      getAccount(connection(), to).then((account) => account.amount),
    ])
    const result = await simulate(payer, transaction)

    expect(result.status).toBe('success')
    const token = (address: PublicKey) =>
      result.accountChanges.find((change) => change.account === address.toBase58())?.token
    const usdc = { mint: mint.toBase58(), symbol: 'USDC', decimals: 6 }
    expect(token(from)).toEqual({
      ...usdc,
      owner: payer.publicKey.toBase58(),
      pre: fromBefore.toString(),
      post: (fromBefore - amount).toString(),
      diff: (-amount).toString(),
    })
    expect(token(to)).toEqual({
      ...usdc,
      owner: other.publicKey.toBase58(),
      pre: toBefore.toString(),
      post: (toBefore + amount).toString(),
      diff: amount.toString(),
    })
    // The payer's lamports change by the fee alone.
    expect(result.accountChanges[0]).toMatchObject({ diff: `-${result.fee}`, fee: result.fee })
    await send(payer, transaction)
    expect((await getAccount(connection(), to)).amount).toBe(toBefore + amount)
  })

  it('a transfer the payer cannot make: reverted, with the reason, and no changes', async () => {
    const payer = solanaKeypair(5)
    const balance = await connection().getBalance(payer.publicKey)
    const transaction = await transactionOf(payer, [
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: balance * 2,
      }),
    ])
    const result = await simulate(payer, transaction)
    expect(result.status).toBe('reverted')
    expect(result.failure?.reason).toMatch(/insufficient/i)
    expect(result.accountChanges).toEqual([])
  })

  it('refuses bytes that are not a transaction, and a transaction over 1232 bytes', async () => {
    const send = (transaction: string) =>
      postJson(`${h.api.url}/v1/simulate`, {
        projectId: 'app',
        chainId: solanaCaipNetworkId,
        from: solanaKeypair(2).publicKey.toBase58(),
        transaction,
      })
    await expectFieldError(
      await send(Buffer.from('not a transaction').toString('base64')),
      'body.transaction',
    )
    expect((await send('A'.repeat(1648))).status).toBe(400)
  })
})

describe('GET /openapi.json', () => {
  it('describes the Solana variants of /v1/simulate and /v1/review, bounded', async () => {
    const doc = JSON.stringify(await (await fetch(`${h.api.url}/openapi.json`)).json())
    const simulate = JSON.stringify(JSON.parse(doc).paths['/v1/simulate'])
    expect(simulate).toContain('"transaction"')
    expect(simulate).toContain('"maxLength":1644')
    expect(simulate).toContain('"accountChanges"')
    expect(JSON.stringify(JSON.parse(doc).paths['/v1/review'])).toContain('"solanaTransaction"')
  })
})

describe('POST /v1/review (Solana)', () => {
  it('answers the transaction simulation, and blocks a deny-listed recipient', async () => {
    const payer = solanaKeypair(6)
    const review = async (to: string) => {
      const transaction = await transactionOf(payer, [
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: new PublicKey(to),
          lamports: 1_000_000,
        }),
      ])
      const response = await postJson(`${h.api.url}/v1/review`, {
        projectId: 'app',
        origin: 'https://app.test',
        chainId: solanaCaipNetworkId,
        from: payer.publicKey.toBase58(),
        request: { kind: 'solanaTransaction', transaction: base64(transaction) },
      })
      const body = await response.json()
      expect(response.status, JSON.stringify(body)).toBe(200)
      return ReviewResponse.parse(body)
    }
    const fine = await review(Keypair.generate().publicKey.toBase58())
    expect(fine.verdict).toEqual({ level: 'none', findings: [] })
    expect(fine.solanaSimulation?.accountChanges[1]?.diff).toBe('1000000')

    const denied = await review(drainer)
    expect(denied.verdict.level).toBe('blocked')
    expect(denied.verdict.findings.map((finding) => finding.rule)).toEqual(['deny-listed'])
  })
})
