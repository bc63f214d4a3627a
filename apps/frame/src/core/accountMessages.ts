// What the account views and the send form's validation say, in one place.
export const accountMessages = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  balancesNotShown: 'Balances are not shown on this network.',
  failedToFetchTransactions: 'Failed to fetch transactions',
  transactionStarted: 'Transaction started',
  evmSendFailed: 'Something went wrong',
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  invalidAmountAndReceiver: 'Please enter a valid amount and receiver address',
  incorrectAmount: 'Incorrect amount',
  invalidAmount: 'Please enter a valid amount',
  insufficientBalance: 'Insufficient balance',
  unsupportedChain: 'Unsupported chain',
} as const
