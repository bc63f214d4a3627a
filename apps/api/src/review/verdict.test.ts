import { describe, expect, it } from 'vitest'
import type { Finding } from './Finding.js'
import { verdictOf } from './verdict.js'

const approval: Finding = { rule: 'unlimited-approval', reason: 'r1' }
const chain: Finding = { rule: 'other-chain', reason: 'r2' }

describe('verdictOf', () => {
  it('is none without findings, whatever the policy blocks', () => {
    expect(verdictOf([], { block: ['unlimited-approval'] })).toEqual({ level: 'none', findings: [] })
  })
  it('warns when no finding is of a blocked rule', () => {
    expect(verdictOf([approval, chain], { block: ['deny-listed'] }).level).toBe('warning')
  })
  it('blocks when any finding is of a blocked rule, and keeps every finding', () => {
    expect(verdictOf([approval, chain], { block: ['other-chain'] })).toEqual({
      level: 'blocked',
      findings: [approval, chain],
    })
  })
})
