import {
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  getOrCreateAssociatedTokenAccount,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import type { ChainNetwork } from '@walletframe/protocol/chains'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startDevstack } from '../Devstack.js'
import { caipNetworkId, genesisHash } from './constants.js'
import { testBalances } from './fixtures.js'

let stack: Awaited<ReturnType<typeof startDevstack>>
let network: ChainNetwork
let connection: Connection
let keys: Keypair[]

async function post(body: string) {
  const response = await fetch(network.rpcUrls.default.http[0]!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return response.json() as Promise<{ result?: unknown; error?: { code: number; message: string } }>
}

beforeAll(async () => {
  stack = await startDevstack({ evm: false, quiet: true })
  network = stack.chainsFile.networks[0]!
  // Only the HTTP URL: web3.js must find the socket on port + 1 by itself.
  connection = new Connection(network.rpcUrls.default.http[0]!, 'confirmed')
  keys = stack.chainsFile.accounts.solana.map(({ secretKey }) =>
    Keypair.fromSecretKey(bs58.decode(secretKey)),
  )
})

afterAll(async () => {
  await stack?.stop()
})

describe('start', () => {
  it('describes the cluster as local devnet', async () => {
    expect(network.caipNetworkId).toBe(caipNetworkId)
    expect(network.rpcUrls.default.webSocket?.[0]).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect(await connection.getGenesisHash()).toBe(genesisHash)
    expect((await connection.getVersion())['solana-core']).toBeTruthy()
    expect(await connection.getSlot()).toBeGreaterThan(0)
    expect((await connection.getEpochInfo()).absoluteSlot).toBeGreaterThan(0)
  })

  it('funds the test keys with SOL and USDC', async () => {
    const mint = new PublicKey(network.tokens[0]!.address)
    expect((await getMint(connection, mint)).decimals).toBe(6)
    const carol = keys[2]!.publicKey
    expect(await connection.getBalance(carol)).toBe(testBalances.sol * LAMPORTS_PER_SOL)
    const parsed = await connection.getParsedTokenAccountsByOwner(carol, { mint })
    expect(parsed.value[0]?.account.data.parsed.info.tokenAmount.uiAmount).toBe(testBalances.usdc)
    const raw = await connection.getTokenAccountsByOwner(carol, {
      programId: new PublicKey(network.contracts.tokenProgram!),
    })
    expect(raw.value).toHaveLength(1)
    const balance = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, carol))
    expect(balance.value.uiAmountString).toBe(String(testBalances.usdc))
  })
})

describe('transactions', () => {
  it('confirms a SOL transfer through sendAndConfirmTransaction', async () => {
    const [from, to] = [keys[3]!, Keypair.generate().publicKey]
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }),
      ),
      [from],
    )
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL)
    const status = await connection.getSignatureStatus(signature)
    expect(status.value?.err).toBeNull()
    const transaction = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    })
    const instruction = transaction?.transaction.message.instructions[0]
    expect(instruction && 'parsed' in instruction ? instruction.parsed.type : undefined).toBe('transfer')
    expect(transaction?.meta?.fee).toBe(5000)
    const history = await connection.getSignaturesForAddress(from.publicKey, { limit: 1 })
    expect(history[0]?.signature).toBe(signature)
  })

  it('moves USDC with spl-token', async () => {
    const [owner, recipient] = [keys[4]!, Keypair.generate().publicKey]
    const mint = new PublicKey(network.tokens[0]!.address)
    const source = getAssociatedTokenAddressSync(mint, owner.publicKey)
    const destination = await getOrCreateAssociatedTokenAccount(connection, owner, mint, recipient)
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        createTransferCheckedInstruction(source, mint, destination.address, owner.publicKey, 1_500_000n, 6),
      ),
      [owner],
    )
    expect((await getAccount(connection, destination.address)).amount).toBe(1_500_000n)
    expect((await getAccount(connection, source)).amount).toBe(
      BigInt(testBalances.usdc) * 1_000_000n - 1_500_000n,
    )
    const transaction = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    expect(transaction?.meta?.postTokenBalances?.map((balance) => balance.uiTokenAmount.amount)).toContain(
      '1500000',
    )
  })

  it('rejects a failing transaction at preflight with logs', async () => {
    const poor = Keypair.generate()
    await connection.confirmTransaction({
      signature: await connection.requestAirdrop(poor.publicKey, LAMPORTS_PER_SOL),
      ...(await connection.getLatestBlockhash()),
    })
    const transfer = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: poor.publicKey,
        toPubkey: keys[0]!.publicKey,
        lamports: 5 * LAMPORTS_PER_SOL,
      }),
    )
    const error = await sendAndConfirmTransaction(connection, transfer, [poor]).catch((caught) => caught)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect(String(error.message)).toContain('custom program error: 0x1')
    expect(await connection.getBalance(poor.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  it('simulates and prices an unsigned transaction', async () => {
    const payer = keys[5]!.publicKey
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: keys[6]!.publicKey, lamports: 1000 }),
    )
    expect((await connection.getFeeForMessage(transaction.compileMessage())).value).toBe(5000)
    const simulation = await connection.simulateTransaction(transaction.compileMessage() as never)
    expect(simulation.value.err).toBeNull()
    expect(simulation.value.logs?.length).toBeGreaterThan(0)
  })
})

describe('errors', () => {
  it('answers unknown methods, malformed bodies and bad params, then keeps serving', async () => {
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"noSuchMethod"}')).error?.code).toBe(-32601)
    expect((await post('{not json')).error?.code).toBe(-32700)
    expect((await post('{"id":1}')).error?.code).toBe(-32600)
    expect((await post('[]')).error?.code).toBe(-32600)
    expect((await post('{"jsonrpc":"2.0","id":2,"method":"getBalance","params":["nope"]}')).error?.code).toBe(
      -32602,
    )
    expect(
      (
        await post(
          '{"jsonrpc":"2.0","id":3,"method":"sendTransaction","params":["AAAA",{"encoding":"base64"}]}',
        )
      ).error?.code,
    ).toBe(-32602)
    const batch = (await post(
      '[{"jsonrpc":"2.0","id":1,"method":"getHealth"},{"jsonrpc":"2.0","id":2,"method":"nope"}]',
    )) as unknown as { id: number; result?: string; error?: { code: number } }[]
    expect(batch.map((item) => item.result ?? item.error?.code)).toEqual(['ok', -32601])
    expect(await connection.getBlockHeight()).toBeGreaterThan(0)
  })

  it('answers WebSocket garbage with JSON-RPC errors and keeps the socket', async () => {
    const socket = new WebSocket(network.rpcUrls.default.webSocket![0]!)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const next = () =>
      new Promise<{ id: unknown; result?: unknown; error?: { code: number } }>((resolve) =>
        socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
      )
    socket.send('garbage')
    expect((await next()).error?.code).toBe(-32700)
    socket.send('{"jsonrpc":"2.0","id":7,"method":"slotSubscribe"}')
    const subscribed = await next()
    expect(typeof subscribed.result).toBe('number')
    socket.send(`{"jsonrpc":"2.0","id":8,"method":"slotUnsubscribe","params":[${subscribed.result}]}`)
    expect((await next()).result).toBe(true)
    socket.send('{"jsonrpc":"2.0","id":9,"method":"accountSubscribe","params":["not-a-key"]}')
    expect((await next()).error?.code).toBe(-32602)
    socket.send('{"jsonrpc":"2.0","id":10,"method":"getBalance","params":[]}')
    expect((await next()).error?.code).toBe(-32601)
    socket.close()
  })
})
