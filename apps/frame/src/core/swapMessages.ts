// What the swap form and its actions say, in one place. A failed swap query states its own words
// beside it (queries/swap.ts `failures`), since queries/ sits below core/.
export const swapMessages = {
  networkPriceFailed: 'Failed to fetch network token price',
  transactionError: 'Transaction error',
  insufficientBalance: 'Insufficient balance',
} as const
