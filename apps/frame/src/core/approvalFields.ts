// What a field of a request's summary can be (approvalSummary.ts): the modal and the approval window
// word each by these names in their language.

/** What a field is. */
export const fieldNames = [
  'to',
  'function',
  'value',
  'data',
  'domain',
  'primaryType',
  'message',
  'transaction',
  'expires',
  'network',
  'networkFee',
  'permission',
] as const
/** A value that is a word rather than data. */
export const fieldWords = ['newContract', 'none', 'unknown', 'unknownFunction', 'sponsored'] as const
