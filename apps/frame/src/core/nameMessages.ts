// Fallbacks of the name calls: shown when the service gives no description of its own.
export const nameMessages = {
  resolveFailed: 'Error resolving name',
  suggestionsFailed: 'Error fetching name suggestions',
  reverseFailed: 'Error fetching names for address',
  registerFailed: 'Error registering name',
} as const
