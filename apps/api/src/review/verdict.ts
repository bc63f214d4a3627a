// The review's verdict on a request: none when no rule found anything, blocked when a finding's rule is
// one the project's operator blocks, a warning otherwise (the wallet holder may go on after confirming).
import type { ReviewVerdict } from '@walletframe/protocol'
import type { Finding, RuleId } from './Finding.js'

export function verdictOf(findings: Finding[], policy: { block: readonly RuleId[] }): ReviewVerdict {
  if (findings.length === 0) return { level: 'none', findings }
  const blocked = findings.some((finding) => policy.block.includes(finding.rule))
  return { level: blocked ? 'blocked' : 'warning', findings }
}
