// What wallet_getCallsStatus (EIP-5792) says of a batch, read from what the chain and the bundler
// answered: a smart account's batch is one UserOperation (atomic: its calls land or revert together),
// an EOA's is one transaction per call. Receipts are passed on in their JSON-RPC form (hex), which is
// the shape the EIP reports.
import { type CallsReceipt, type CallsStatus, callsStatusCodes } from '@walletframe/protocol'
import type { RpcTransactionReceipt } from 'viem'
import type { RpcUserOperationReceipt } from 'viem/account-abstraction'

/** A log or a receipt in its JSON-RPC form, as far as the EIP reports it. */
type RpcLog = { readonly address: string; readonly data: string; readonly topics: readonly string[] }
type RpcReceipt = Record<'status' | 'blockHash' | 'blockNumber' | 'gasUsed' | 'transactionHash', string>

/** The EIP's receipt: the transaction's, with `logs` given (a UserOperation's own, not its bundle's). */
export function toCallsReceipt(receipt: RpcReceipt, logs: readonly RpcLog[]): CallsReceipt {
  return {
    logs: logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
    status: receipt.status === '0x1' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  }
}

export type Status = Pick<CallsStatus, 'status' | 'atomic' | 'receipts'>

/**
 * A UserOperation: pending (100) until the bundler has its receipt, then confirmed (200) or, as
 * its calls run all or none, reverted completely (500: only the gas was charged). A UserOperation
 * the bundler dropped looks pending here too: the bundler's proxy answers no mempool status.
 */
export function fromUserOperation(receipt: RpcUserOperationReceipt | null | undefined): Status {
  if (!receipt) return { status: callsStatusCodes.pending, atomic: true }
  return {
    status: receipt.success ? callsStatusCodes.confirmed : callsStatusCodes.reverted,
    atomic: true,
    receipts: [toCallsReceipt(receipt.receipt, receipt.logs)],
  }
}

/**
 * An EOA's transactions, one per call sent (null while one is not mined), and how many calls were
 * never sent (the wallet stops at the first that fails). Confirmed only when every call landed;
 * reverted completely when nothing that was sent took effect; in part otherwise.
 */
export function fromTransactions(
  receipts: readonly (RpcTransactionReceipt | null)[],
  unsent: number,
): Status {
  const landed = receipts.filter((receipt): receipt is RpcTransactionReceipt => receipt !== null)
  const list = landed.map((receipt) => toCallsReceipt(receipt, receipt.logs))
  if (landed.length < receipts.length)
    return { status: callsStatusCodes.pending, atomic: false, receipts: list }
  const succeeded = landed.filter((receipt) => receipt.status === '0x1').length
  const status =
    landed.length === 0
      ? callsStatusCodes.offchainFailure
      : succeeded === landed.length && unsent === 0
        ? callsStatusCodes.confirmed
        : succeeded === 0
          ? callsStatusCodes.reverted
          : callsStatusCodes.partiallyReverted
  return { status, atomic: false, receipts: list }
}
