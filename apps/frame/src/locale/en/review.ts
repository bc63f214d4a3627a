// The English words of the review before signing and the approval around it (ApproveTransaction,
// ReviewRequest, and the approval window, which shows the review without the frame's catalogs).
import type { Plural } from '../plural.js'

export const review = {
  label: 'Review',
  checking: 'Checking what this does…',
  couldNotSimulate: (reason: string) => `Could not simulate: ${reason}`,
  unavailable: 'The review is unavailable: check the request yourself before you approve.',
  noChanges: 'No balance of yours changes.',
  fee: 'Network fee (estimate)',
  authorises: 'This signature authorises:',
  fails: (reason: string) => `This request would fail: ${reason}`,
  failsAtCall: (call: string, reason: string) => `This request would fail: call ${call}: ${reason}`,
  approval: (spender: string, allowance: string, asset: string) =>
    `${spender} may spend ${allowance} of ${asset}`,
  unlimitedApproval: (spender: string, asset: string) =>
    `${spender} may spend an unlimited amount of ${asset}`,
  revoke: (spender: string, asset: string) => `${spender} is left no allowance for ${asset}`,
  verdict: {
    none: 'No risks found.',
    warning: 'Read the warnings before you approve.',
    blocked: "This app's policy does not allow this request.",
  },
  understand: 'I understand the risk',
  dismiss: 'Dismiss',
  proceed: 'Continue',
  reject: 'Reject',
  approve: 'Approve',
  moreWaiting: { plural: { one: '# more waiting.', other: '# more waiting.' } } as Plural,
  obscured: 'This window is covered or altered by the page. Approving is paused until it is fully visible.',
  noneWaiting: 'No request is waiting for your approval.',
  noneToReview: 'No request is waiting for your review.',
  thisApp: 'This app',
  yourWallet: 'your wallet',
  asksYourWallet: (app: string) => `${app} asks your wallet to approve this.`,
  asksWallet: (app: string, wallet: string) =>
    `${app} asks ${wallet} to approve this. Check what it does before it goes there.`,
  /** The approval window, where the browser cannot tell whether the page covers the frame. */
  window: {
    open: 'Approve in a new window',
    why: 'This browser cannot confirm that the page shows this window unaltered, so you approve in a separate window the page cannot cover.',
    waiting: 'Waiting for your answer in the approval window…',
    blocked: 'Your browser blocked the approval window. Allow pop-ups for this site, then try again.',
    closed: 'The approval window was closed before you answered. Open it again to approve.',
  },
  /** What each method asks, in plain words (the approval's heading; the approval window's too). */
  actions: {
    personal_sign: 'Sign a message',
    eth_signTypedData_v4: 'Sign typed data',
    eth_sendTransaction: 'Send a transaction',
    wallet_sendCalls: 'Send a batch of calls',
    wallet_grantPermissions: 'Let this site send calls without asking, within these limits',
    solana_signMessage: 'Sign a message',
    solana_signTransaction: 'Sign a transaction',
    solana_signAndSendTransaction: 'Sign and send a transaction',
  },
  /** The labels of what a request asks, field by field. */
  fields: {
    to: 'To',
    function: 'Function',
    value: 'Value',
    data: 'Data',
    domain: 'Domain',
    primaryType: 'Primary type',
    message: 'Message',
    transaction: 'Transaction',
    expires: 'Expires',
    network: 'Network',
    networkFee: 'Network fee',
    permission: (number: string) => `Permission ${number}`,
    call: (number: string, field: string) => `Call ${number}: ${field}`,
    /** A field's value when it is a word, not data. */
    values: {
      newContract: 'A new contract',
      none: 'None',
      unknown: 'Unknown',
      unknownFunction: 'Unknown function',
      sponsored: 'Sponsored',
    },
  },
}
