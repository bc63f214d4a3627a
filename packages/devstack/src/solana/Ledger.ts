// The chain state behind the local Solana RPC: a litesvm instance plus what a validator keeps around
// it and litesvm does not — slots and block heights, recent blockhashes, the transactions that landed
// (for getTransaction / getSignaturesForAddress) and the set of accounts ever touched (litesvm cannot
// list accounts, yet getTokenAccountsByOwner needs to).
import { EventEmitter } from 'node:events'
import {
  type AccountInfo,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import bs58 from 'bs58'
import { blockhashValidBlocks, lamportsPerSignature, programIds } from './constants.js'
import { RpcError, rpcErrorCodes } from './RpcError.js'
import { FailedTransactionMetadata, Svm, type TransactionMetadata } from './Svm.js'
import * as TokenBalances from './TokenBalances.js'
import * as TransactionError from './transactionError.js'

export type TransactionRecord = {
  signature: string
  slot: number
  blockTime: number
  transaction: VersionedTransaction
  /** The wire bytes as received, for base64 encodings. */
  wire: Uint8Array
  err: TransactionError.TransactionErrorJson | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalances.TokenBalance[]
  postTokenBalances: TokenBalances.TokenBalance[]
  logs: string[]
  computeUnitsConsumed: number
  innerInstructions: {
    index: number
    instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[]
  }[]
}

export type SimulationResult = {
  err: TransactionError.TransactionErrorJson | null
  logs: string[]
  unitsConsumed: number
  returnData: { programId: string; data: [string, 'base64'] } | null
  postAccounts: Map<string, AccountInfo<Uint8Array>>
}

type Events = {
  transaction: [TransactionRecord]
  slot: [{ slot: number; parent: number; root: number }]
}

export class Ledger {
  readonly svm = new Svm()
  readonly events = new EventEmitter<Events>()
  /** Accounts that any landed transaction or the genesis setup touched. */
  readonly knownAccounts = new Set<string>()
  readonly transactions = new Map<string, TransactionRecord>()
  /** Per address, signatures oldest first. */
  readonly signaturesByAddress = new Map<string, string[]>()
  /** Blockhash -> last block height at which a transaction may still use it. */
  private readonly blockhashes = new Map<string, number>()
  private latest: { blockhash: string; lastValidBlockHeight: number }
  private currentSlot = 1
  /** Pays for requestAirdrop through an ordinary transfer, so airdrops show up in history. */
  readonly faucet = Keypair.fromSeed(new Uint8Array(32).fill(7))

  constructor() {
    // Blockhashes are checked here, not by litesvm: it only accepts its single latest one, while a
    // cluster accepts any of the last 150 and clients build a transaction before the previous one lands.
    this.svm.setSlot(this.currentSlot)
    this.latest = this.rememberBlockhash()
    // Written directly rather than airdropped: litesvm's own airdrop source holds less than this.
    this.setAccount(this.faucet.publicKey, {
      lamports: 10 ** 17,
      data: new Uint8Array(0),
      owner: new PublicKey(programIds.system),
      executable: false,
      rentEpoch: 0,
    })
  }

  get slot(): number {
    return this.currentSlot
  }

  /** Every slot holds at most one block here, so block height equals slot. */
  get blockHeight(): number {
    return this.currentSlot
  }

  get transactionCount(): number {
    return this.transactions.size
  }

  latestBlockhash() {
    return this.latest
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.blockhashes.get(blockhash)
    return lastValid !== undefined && lastValid >= this.blockHeight
  }

  getAccount(address: string): AccountInfo<Uint8Array> | null {
    const account = this.svm.getAccount(new PublicKey(address))
    // Drained accounts linger as zero-lamport husks; a validator reports them as absent.
    if (!account || (account.lamports === 0 && account.data.length === 0)) return null
    return account
  }

  setAccount(address: PublicKey, account: AccountInfo<Uint8Array>): void {
    this.svm.setAccount(address, account)
    this.knownAccounts.add(address.toBase58())
  }

  /** Runs a signed transaction; throws RpcError when it cannot land (bad signature, unknown blockhash…). */
  send(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): TransactionRecord {
    const transaction = decode(wire)
    const signature = bs58.encode(transaction.signatures[0] ?? new Uint8Array(64))
    if (!transaction.signatures[0] || transaction.signatures[0].every((byte) => byte === 0)) {
      throw new RpcError(
        rpcErrorCodes.transactionSignatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    if (!this.isBlockhashValid(transaction.message.recentBlockhash)) {
      throw preflightError('BlockhashNotFound', [])
    }
    if (this.transactions.has(signature)) throw preflightError('AlreadyProcessed', [])
    if (!options.skipPreflight) {
      const simulation = this.simulate(wire, { sigVerify: true })
      if (simulation.err) throw preflightError(simulation.err, simulation.logs, simulation.unitsConsumed)
    }

    const keys = transaction.message.staticAccountKeys.map((key) => key.toBase58())
    const preBalances = keys.map((key) => Number(this.svm.getBalance(new PublicKey(key))))
    const preTokenBalances = TokenBalances.read(keys, (key) => this.getAccount(key))
    let result: TransactionMetadata | FailedTransactionMetadata
    try {
      result = this.svm.send(wire)
    } catch {
      // The kit decoder and litesvm's signer check throw instead of returning an error.
      throw new RpcError(
        rpcErrorCodes.transactionSignatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    const failure = result instanceof FailedTransactionMetadata ? result : null
    const err = failure ? TransactionError.toJson(failure.err()) : null
    if (err && !TransactionError.landed(err)) {
      if (err === 'SignatureFailure') {
        throw new RpcError(
          rpcErrorCodes.transactionSignatureVerificationFailure,
          'Transaction signature verification failure',
        )
      }
      throw preflightError(err, failure ? failure.meta().logs() : [])
    }
    const meta = failure ? failure.meta() : (result as TransactionMetadata)
    const record: TransactionRecord = {
      signature,
      slot: this.currentSlot,
      blockTime: Math.floor(Date.now() / 1000),
      transaction,
      wire,
      err,
      fee: lamportsPerSignature * transaction.message.header.numRequiredSignatures,
      preBalances,
      postBalances: keys.map((key) => Number(this.svm.getBalance(new PublicKey(key)))),
      preTokenBalances,
      postTokenBalances: TokenBalances.read(keys, (key) => this.getAccount(key)),
      logs: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
      innerInstructions: meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => ({
            programIdIndex: inner.instruction().programIdIndex(),
            accounts: [...inner.instruction().accounts()],
            data: bs58.encode(inner.instruction().data()),
            stackHeight: inner.stackHeight(),
          })),
        }))
        .filter((entry) => entry.instructions.length > 0),
    }
    this.transactions.set(signature, record)
    for (const key of keys) {
      this.knownAccounts.add(key)
      const list = this.signaturesByAddress.get(key) ?? []
      list.push(signature)
      this.signaturesByAddress.set(key, list)
    }
    this.advanceSlot()
    this.events.emit('transaction', record)
    return record
  }

  simulate(
    wire: Uint8Array,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): SimulationResult & { transaction: VersionedTransaction } {
    const transaction = decode(wire)
    if (options.replaceRecentBlockhash) transaction.message.recentBlockhash = this.latest.blockhash
    const empty = { logs: [], unitsConsumed: 0, returnData: null, postAccounts: new Map(), transaction }
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(transaction.message.recentBlockhash)) {
      return { err: 'BlockhashNotFound', ...empty }
    }
    // Simulation defaults to no signature check, as on a validator, so unsigned transactions simulate.
    const result = this.svm.simulate(
      options.replaceRecentBlockhash ? transaction.serialize() : wire,
      options.sigVerify ?? false,
    )
    if (!result.ok) {
      const meta = result.failure.meta()
      return {
        ...empty,
        err: TransactionError.toJson(result.failure.err()),
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
      }
    }
    const { meta, postAccounts } = result
    const returnData = meta.returnData()
    return {
      err: null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData:
        returnData.data().length > 0
          ? {
              programId: new PublicKey(returnData.programId()).toBase58(),
              data: [Buffer.from(returnData.data()).toString('base64'), 'base64'],
            }
          : null,
      postAccounts,
      transaction,
    }
  }

  /** Sends lamports from the faucet in a real transfer transaction and returns its signature. */
  airdrop(to: PublicKey, lamports: number): string {
    const message = new TransactionMessage({
      payerKey: this.faucet.publicKey,
      recentBlockhash: this.latest.blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: to, lamports })],
    }).compileToLegacyMessage()
    const transaction = new VersionedTransaction(message)
    transaction.sign([this.faucet])
    return this.send(transaction.serialize()).signature
  }

  private rememberBlockhash() {
    const blockhash = this.svm.latestBlockhash()
    const lastValidBlockHeight = this.blockHeight + blockhashValidBlocks
    this.blockhashes.set(blockhash, lastValidBlockHeight)
    // Forget hashes that can no longer be used, so the map stays small on long runs.
    for (const [hash, lastValid] of this.blockhashes) {
      if (lastValid < this.blockHeight) this.blockhashes.delete(hash)
    }
    return { blockhash, lastValidBlockHeight }
  }

  /** One landed transaction per block: the slot moves on and a fresh blockhash appears. */
  private advanceSlot() {
    const parent = this.currentSlot
    this.currentSlot += 1
    this.svm.setSlot(this.currentSlot)
    this.svm.expireBlockhash()
    this.latest = this.rememberBlockhash()
    this.events.emit('slot', { slot: this.currentSlot, parent, root: this.currentSlot })
  }
}

function decode(wire: Uint8Array): VersionedTransaction {
  try {
    return VersionedTransaction.deserialize(wire)
  } catch (error) {
    throw new RpcError(
      rpcErrorCodes.invalidParams,
      `failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: ${(error as Error).message}`,
    )
  }
}

function preflightError(
  err: TransactionError.TransactionErrorJson,
  logs: string[],
  unitsConsumed = 0,
): RpcError {
  return new RpcError(
    rpcErrorCodes.sendTransactionPreflightFailure,
    `Transaction simulation failed: ${TransactionError.describe(err)}`,
    { err, logs, accounts: null, unitsConsumed, returnData: null, innerInstructions: null },
  )
}
