// What the swap views say, in one place.
export const swapMessages = {
  initializeFailed: 'Failed to initialize swap',
  networkPriceFailed: 'Failed to fetch network token price',
  allowanceFailed: 'Failed to check allowance',
  approvalFailed: 'Failed to create approval transaction',
  transactionFailed: 'Failed to create transaction',
  transactionError: 'Transaction error',
  insufficientBalance: 'Insufficient balance',
  notSupported: 'Network not supported for Swaps',
} as const
