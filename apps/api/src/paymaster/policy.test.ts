// The sponsorship policy on one operation: the contracts it allows, and the account's own smart-session
// grants only where the policy names them, never a foreign call riding on one.
import { type PaymasterUserOperation, type SponsorshipPolicy, smartSessionsAbi } from '@walletframe/protocol'
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { callsOf, check } from './policy.js'

const account: Address = '0x1111111111111111111111111111111111111111'
const otherAccount: Address = '0x2222222222222222222222222222222222222222'
const usdc: Address = '0x3333333333333333333333333333333333333333'
const dai: Address = '0x4444444444444444444444444444444444444444'

const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])
type Call = { target: Address; value?: bigint; data: Hex }

function userOp(calls: Call[], sender: Address = account): PaymasterUserOperation {
  return {
    sender,
    nonce: '0x0',
    callData: encodeFunctionData({
      abi: accountAbi,
      functionName: 'executeBatch',
      args: [calls.map((call) => ({ value: 0n, ...call }))],
    }),
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    maxFeePerGas: '0x0',
    maxPriorityFeePerGas: '0x0',
  }
}

const grant = encodeFunctionData({
  abi: smartSessionsAbi,
  functionName: 'grantSession',
  args: [`0x${'ab'.repeat(32)}`, otherAccount, 1, 2, 0, [{ target: usdc, selector: '0x095ea7b3' }], []],
})
const revoke = encodeFunctionData({
  abi: smartSessionsAbi,
  functionName: 'revokeSession',
  args: [`0x${'ab'.repeat(32)}`],
})
/** A batch of the account's own grant, then `call`. */
const afterGrant = (call: Call) => userOp([{ target: account, data: grant }, call])
/** An ERC-20 approve, whichever token it is sent to. */
const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [otherAccount, 1n] })

const usdcOnly: SponsorshipPolicy = { enabled: true, allowedContracts: [usdc], budgetWei: '1' }
const withGrants: SponsorshipPolicy = { ...usdcOnly, sessionGrants: true }

/** The refusal's reason and message, or 'sponsored'. */
function answer(policy: SponsorshipPolicy, operation: PaymasterUserOperation) {
  try {
    check(policy, operation)
    return 'sponsored'
  } catch (error) {
    return { reason: (error as { reason: string }).reason, message: (error as Error).message }
  }
}

describe('callsOf', () => {
  it('reads one call and a batch, and nothing else', () => {
    const one = encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [usdc, 5n, '0x'] })
    expect(callsOf(one)).toEqual([{ target: usdc, value: 5n, data: '0x' }])
    expect(callsOf(userOp([{ target: dai, data: approve }]).callData as Hex)).toEqual([
      { target: dai, value: 0n, data: approve },
    ])
    expect(callsOf('0xdeadbeef')).toBeUndefined()
  })
})

describe('check', () => {
  it("sponsors the account's own grant and revoke only where the policy names them", () => {
    for (const data of [grant, revoke]) {
      expect(answer(withGrants, userOp([{ target: account, data }]))).toBe('sponsored')
      expect(answer(usdcOnly, userOp([{ target: account, data }]))).toMatchObject({
        reason: 'SPONSORSHIP_TARGET_NOT_ALLOWED',
      })
    }
    // The flag adds to the allowed contracts, it does not replace them.
    expect(answer(withGrants, userOp([{ target: usdc, data: approve }]))).toBe('sponsored')
    expect(answer(withGrants, afterGrant({ target: usdc, data: approve }))).toBe('sponsored')
  })

  it('refuses a foreign call riding on a grant in the same batch', () => {
    expect(answer(withGrants, afterGrant({ target: dai, data: approve }))).toEqual({
      reason: 'SPONSORSHIP_TARGET_NOT_ALLOWED',
      message: `This app sponsors gas only for calls to its own contracts: ${dai}`,
    })
  })

  it('refuses a grant on another account, as if it were any contract', () => {
    expect(answer(withGrants, userOp([{ target: otherAccount, data: grant }]))).toMatchObject({
      reason: 'SPONSORSHIP_TARGET_NOT_ALLOWED',
    })
  })

  it("refuses the account's other functions on itself: a nested execute, a plain transfer, value with a grant", () => {
    const nested = encodeFunctionData({
      abi: accountAbi,
      functionName: 'execute',
      args: [dai, 0n, approve],
    })
    for (const call of [
      { target: account, data: nested },
      { target: account, data: '0x' as Hex },
      { target: account, value: 1n, data: grant },
      // The selector of grantSession fronting bytes that are no grant.
      { target: account, data: `${grant.slice(0, 10)}00` as Hex },
    ])
      expect(answer(withGrants, userOp([call]))).toMatchObject({ reason: 'SPONSORSHIP_TARGET_NOT_ALLOWED' })
  })

  it('sponsors nothing while the policy is off, the flag notwithstanding', () => {
    expect(
      answer({ ...withGrants, enabled: false }, userOp([{ target: account, data: grant }])),
    ).toMatchObject({ reason: 'SPONSORSHIP_DISABLED' })
    expect(answer(withGrants, { ...userOp([]), callData: '0xdeadbeef' })).toMatchObject({
      reason: 'SPONSORSHIP_UNREADABLE_CALLS',
    })
  })
})
