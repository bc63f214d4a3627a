// What the review's rules say about a request: each finding names its rule and gives the wallet holder
// one line on why it matters (the schema and the rule ids are the protocol's).
export type { ReviewFinding as Finding, ReviewRuleId as RuleId } from '@walletframe/protocol'
