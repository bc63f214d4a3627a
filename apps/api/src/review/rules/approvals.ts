// Allowances a request grants: an unlimited ERC-20 allowance or an operator over a whole NFT collection
// outlives the request and is how most wallets are drained; granted to an account with no code (a
// person's key, not a protocol) or to a contract deployed moments ago, it is rarely what a dapp needs.
import type { GrantedApproval } from '@walletframe/protocol'
import type { Finding } from '../Finding.js'

/** What the chain says about a spender. */
export type SpenderFacts = {
  /** False for an account without code. */
  isContract: boolean
  /** Whether its code is younger than the project's "new contract" age (it had none that many blocks ago). */
  isNew: boolean
}

/** An allowance of at least 2^255 is treated as unlimited: some tokens and dapps use that instead of 2^256 − 1. */
const unlimitedFrom = 2n ** 255n

export function approvalFindings(
  approvals: readonly GrantedApproval[],
  facts: (spender: string) => SpenderFacts,
): Finding[] {
  const findings: Finding[] = []
  for (const approval of approvals) {
    // Taking an approval away (an allowance of zero, an operator removed) is never a risk.
    const granted = approval.kind === 'all' ? approval.approved !== false : approval.amount !== '0'
    if (!granted) continue
    const unlimited =
      approval.kind === 'all' || approval.unlimited || BigInt(approval.amount ?? 0) >= unlimitedFrom
    if (unlimited)
      findings.push({
        rule: 'unlimited-approval',
        reason:
          approval.kind === 'all'
            ? `${approval.spender} may move every NFT you hold of ${approval.token}, now and later`
            : `${approval.spender} may spend all of your ${approval.token}, now and later`,
      })
    const spender = facts(approval.spender)
    if (!spender.isContract)
      findings.push({
        rule: 'approval-to-account',
        reason: `The approval goes to ${approval.spender}, an account with no contract code, not to an app's contract`,
      })
    else if (spender.isNew)
      findings.push({
        rule: 'approval-to-new-contract',
        reason: `The approval goes to ${approval.spender}, a contract deployed only recently`,
      })
  }
  return findings
}
