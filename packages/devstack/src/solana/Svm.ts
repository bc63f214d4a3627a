// The SVM runtime behind the ledger, seen through web3.js 1.x types and raw wire bytes.
// litesvm 1.x speaks @solana/kit; this adapter keeps that at one place. (litesvm 0.8's linux-gnu
// binding corrupts the V8 heap once a transaction runs a CPI, and the process aborts with
// std::bad_alloc at the next GC — LiteSVM/litesvm#171; 1.5's binding does not.)
import {
  type Address,
  address,
  type EncodedAccount,
  getTransactionDecoder,
  type Lamports,
  type Transaction,
} from '@solana/kit'
import { type AccountInfo, PublicKey } from '@solana/web3.js'
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'

export { FailedTransactionMetadata, type TransactionMetadata }

const decoder = getTransactionDecoder()

function toInfo(account: EncodedAccount): AccountInfo<Uint8Array> {
  return {
    lamports: Number(account.lamports),
    data: new Uint8Array(account.data),
    owner: new PublicKey(account.programAddress),
    executable: account.executable,
    rentEpoch: 0,
  }
}

export type Simulation =
  | { ok: false; failure: FailedTransactionMetadata }
  | { ok: true; meta: TransactionMetadata; postAccounts: Map<string, AccountInfo<Uint8Array>> }

export class Svm {
  private readonly svm = new LiteSVM().withBlockhashCheck(false)

  getAccount(key: PublicKey): AccountInfo<Uint8Array> | null {
    const account = this.svm.getAccount(address(key.toBase58()))
    return account.exists ? toInfo(account) : null
  }

  setAccount(key: PublicKey, info: AccountInfo<Uint8Array>): void {
    this.svm.setAccount({
      address: address(key.toBase58()),
      data: info.data,
      executable: info.executable,
      lamports: BigInt(info.lamports) as Lamports,
      programAddress: address(info.owner.toBase58()) as Address,
      space: BigInt(info.data.length),
    })
  }

  getBalance(key: PublicKey): bigint {
    return this.svm.getBalance(address(key.toBase58())) ?? 0n
  }

  latestBlockhash(): string {
    return this.svm.latestBlockhash()
  }

  expireBlockhash(): void {
    this.svm.expireBlockhash()
  }

  minimumBalanceForRentExemption(length: bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(length)
  }

  /** Moves the clock sysvar to `slot` with the wall-clock time, as a new block would. */
  setSlot(slot: number): void {
    this.svm.warpToSlot(BigInt(slot))
    const clock = this.svm.getClock()
    this.svm.setClock(
      new Clock(
        BigInt(slot),
        clock.epochStartTimestamp,
        clock.epoch,
        clock.leaderScheduleEpoch,
        BigInt(Math.floor(Date.now() / 1000)),
      ),
    )
  }

  send(wire: Uint8Array): TransactionMetadata | FailedTransactionMetadata {
    return this.svm.sendTransaction(decoder.decode(wire) as Transaction)
  }

  simulate(wire: Uint8Array, sigVerify: boolean): Simulation {
    this.svm.withSigverify(sigVerify)
    try {
      const result = this.svm.simulateTransaction(decoder.decode(wire) as Transaction)
      if (result instanceof FailedTransactionMetadata) return { ok: false, failure: result }
      const postAccounts = new Map<string, AccountInfo<Uint8Array>>()
      for (const account of result.postAccounts()) postAccounts.set(account.address, toInfo(account))
      return { ok: true, meta: result.meta(), postAccounts }
    } finally {
      this.svm.withSigverify(true)
    }
  }
}
