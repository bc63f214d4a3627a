import type { GrantedApproval } from '@walletframe/protocol'
import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { approvalFindings, type SpenderFacts } from './approvals.js'

const token = '0x00000000000000000000000000000000000000aa'
const spender = '0x00000000000000000000000000000000000000bb'
const erc20 = (amount: bigint): GrantedApproval => ({
  kind: 'erc20',
  token,
  spender,
  amount: amount.toString(),
  unlimited: amount === maxUint256,
})
const operator = (approved: boolean): GrantedApproval => ({
  kind: 'all',
  token,
  spender,
  unlimited: approved,
  approved,
})
const oldContract: SpenderFacts = { isContract: true, isNew: false }
const rules = (approvals: GrantedApproval[], facts: SpenderFacts = oldContract) =>
  approvalFindings(approvals, () => facts).map((finding) => finding.rule)

describe('approvalFindings', () => {
  it('says nothing of a bounded allowance to an established contract', () => {
    expect(rules([erc20(5_000_000n)])).toEqual([])
  })
  it('flags an unlimited allowance, and one of 2^255 or more', () => {
    expect(rules([erc20(maxUint256)])).toEqual(['unlimited-approval'])
    expect(rules([erc20(2n ** 255n)])).toEqual(['unlimited-approval'])
  })
  it('flags an operator over a whole collection, not one taken away', () => {
    expect(rules([operator(true)])).toEqual(['unlimited-approval'])
    expect(rules([operator(false)])).toEqual([])
  })
  it('flags an approval to an account without code, and to a contract younger than the limit', () => {
    expect(rules([erc20(1n)], { isContract: false, isNew: false })).toEqual(['approval-to-account'])
    expect(rules([erc20(1n)], { isContract: true, isNew: true })).toEqual(['approval-to-new-contract'])
  })
  it('never flags an allowance set to zero', () => {
    expect(rules([erc20(0n)], { isContract: false, isNew: false })).toEqual([])
  })
  it('gives the wallet holder the spender and the token in the reason', () => {
    const [finding] = approvalFindings([erc20(maxUint256)], () => oldContract)
    expect(finding?.reason).toBe(`${spender} may spend all of your ${token}, now and later`)
  })
})
