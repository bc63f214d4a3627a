// The parts of the Solana simulation a healthy node does not reach: a node that answers without the
// accounts' post-state, and bytes that are no transaction. The real simulation runs against the
// devstack's cluster in routes/simulateSolana.test.ts.
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { InvalidRequestError } from '../errors.js'
import { simulateSolana, writableAccounts } from './solanaSimulate.js'
import type { RpcRequest, RpcResult } from './Upstream.js'

const payer = Keypair.generate().publicKey
const receiver = Keypair.generate().publicKey
const transaction = new VersionedTransaction(
  new TransactionMessage({
    payerKey: payer,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: receiver, lamports: 10 })],
  }).compileToV0Message(),
)
const base64 = Buffer.from(transaction.serialize()).toString('base64')
const account = (lamports: number) => ({
  lamports,
  owner: SystemProgram.programId.toBase58(),
  data: ['', 'base64'],
})

/** A node answering `simulated` to simulateTransaction, with both accounts at 100 lamports before. */
function nodeAnswering(simulated: unknown) {
  const asked: RpcRequest[] = []
  const batch = async (requests: RpcRequest[]): Promise<RpcResult[]> => {
    asked.push(...requests)
    return requests.map(({ method }) =>
      method === 'getMultipleAccounts'
        ? { result: { context: { slot: 3 }, value: [account(100), account(100)] } }
        : method === 'simulateTransaction'
          ? { result: { context: { slot: 3 }, value: simulated } }
          : { result: { context: { slot: 3 }, value: null } },
    )
  }
  const entry = {
    network: solanaNetwork(),
    upstream: { chainId: 'solana', request: async () => undefined as never, batch },
  }
  return { entry, asked }
}

describe('writableAccounts', () => {
  it('lists the fee payer first, then the accounts the transaction may write', () => {
    expect(writableAccounts(transaction)).toEqual([payer.toBase58(), receiver.toBase58()])
  })
})

describe('simulateSolana', () => {
  it('asks the node to simulate unsigned, on its own blockhash, with the writable accounts after', async () => {
    const { entry, asked } = nodeAnswering({
      err: null,
      logs: [],
      accounts: [account(85), account(110)],
      unitsConsumed: 150,
    })
    const result = await simulateSolana(entry, base64)
    expect(asked.find((request) => request.method === 'simulateTransaction')?.params).toEqual([
      base64,
      expect.objectContaining({
        sigVerify: false,
        replaceRecentBlockhash: true,
        accounts: { addresses: [payer.toBase58(), receiver.toBase58()], encoding: 'base64' },
      }),
    ])
    // The node could not price the message (its blockhash unknown): the base fee of its one signature.
    expect(result).toEqual({
      status: 'success',
      unitsConsumed: '150',
      fee: '5000',
      slot: '3',
      accountChanges: [
        { account: payer.toBase58(), pre: '100', post: '85', diff: '-15', fee: '5000' },
        { account: receiver.toBase58(), pre: '100', post: '110', diff: '10' },
      ],
    })
  })

  it('fails rather than show every balance emptied when the node leaves out the post-state', async () => {
    const { entry } = nodeAnswering({ err: null, logs: [], accounts: null, unitsConsumed: 150 })
    await expect(simulateSolana(entry, base64)).rejects.toThrow(/no state of the accounts/)
  })

  it('refuses bytes that are not a transaction as the caller’s mistake, naming the field', async () => {
    const { entry, asked } = nodeAnswering({})
    const refused = simulateSolana(entry, Buffer.from('nope').toString('base64'), 'body.request.transaction')
    await expect(refused).rejects.toBeInstanceOf(InvalidRequestError)
    await expect(refused).rejects.toMatchObject({ field: 'body.request.transaction' })
    expect(asked).toEqual([])
  })
})
