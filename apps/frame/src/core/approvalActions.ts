// The methods the embedded wallet asks the user about, in plain English words: the approval's
// heading (approvalSummary) and the English catalog's.
/** Plain words for each method the embedded wallet asks about. */
export const actions = {
  personal_sign: 'Sign a message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send a transaction',
  wallet_sendCalls: 'Send a batch of calls',
  wallet_grantPermissions: 'Let this site send calls without asking, within these limits',
  solana_signMessage: 'Sign a message',
  solana_signTransaction: 'Sign a transaction',
  solana_signAndSendTransaction: 'Sign and send a transaction',
} satisfies Record<string, string>
