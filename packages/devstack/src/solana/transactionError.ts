// Turns litesvm's transaction errors into the JSON shape Solana's RPC uses (serde of TransactionError:
// "BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]}, …) and into a readable message.
import type { FailedTransactionMetadata } from 'litesvm'

// Order matches litesvm's (and agave's) TransactionError / InstructionError enums; litesvm hands out
// the variants without fields as their numeric index.
const transactionErrors = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const instructionErrors = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** A TransactionError as Solana's RPC serialises it. */
export type TransactionErrorJson = string | Record<string, unknown>

type LiteErr = ReturnType<FailedTransactionMetadata['err']>

function instructionErrorJson(inner: unknown): string | Record<string, unknown> {
  if (typeof inner === 'number') return instructionErrors[inner] ?? `InstructionError${inner}`
  if (inner && typeof inner === 'object' && 'code' in inner) return { Custom: Number(inner.code) }
  if (inner && typeof inner === 'object' && 'msg' in inner) return { BorshIoError: String(inner.msg) }
  return 'GenericError'
}

export function toJson(err: LiteErr): TransactionErrorJson {
  if (typeof err === 'number') return transactionErrors[err] ?? `TransactionError${err}`
  const kind = err.constructor.name
  if (kind === 'TransactionErrorInstructionError' && 'err' in err) {
    return { InstructionError: [err.index, instructionErrorJson(err.err())] }
  }
  if (kind === 'TransactionErrorDuplicateInstruction' && 'index' in err) {
    return { DuplicateInstruction: err.index }
  }
  if (kind === 'TransactionErrorInsufficientFundsForRent' && 'accountIndex' in err) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  }
  if ('accountIndex' in err)
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  return 'SanitizeFailure'
}

/** Errors raised before any instruction ran: such a transaction never lands in a block. */
export function landed(error: TransactionErrorJson): boolean {
  return typeof error === 'object' && !('DuplicateInstruction' in error)
}

function words(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

/** The human text agave prints, e.g. "Error processing Instruction 0: custom program error: 0x1". */
export function describe(error: TransactionErrorJson): string {
  if (typeof error === 'string') {
    if (error === 'BlockhashNotFound') return 'Blockhash not found'
    if (error === 'AccountNotFound')
      return 'Attempt to debit an account but found no record of a prior credit.'
    return words(error)
  }
  const instruction = error.InstructionError as [number, string | Record<string, unknown>] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const detail =
      typeof inner === 'string'
        ? words(inner)
        : 'Custom' in inner
          ? `custom program error: 0x${Number(inner.Custom).toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  if ('InsufficientFundsForRent' in error) {
    const { account_index } = error.InsufficientFundsForRent as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(error)
}
