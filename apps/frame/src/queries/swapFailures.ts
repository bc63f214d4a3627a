// What the user is told when a swap query fails, apart from the queries so that the frame's catalogs
// can word them without loading the swap's queries.
/** What the user is told when a swap query fails (its `meta.failure`); the swap form shows the market's. */
export const failures = {
  initialize: 'Failed to initialize swap',
  allowance: 'Failed to check allowance',
  approval: 'Failed to create approval transaction',
  transaction: 'Failed to create transaction',
} as const
