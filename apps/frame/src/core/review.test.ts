import type { ReviewResponse } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { gateOf, lateReason, type State, stateOf, subjectOf } from './review.js'

const account = '0x1111111111111111111111111111111111111111'
const smartAccount = '0x2222222222222222222222222222222222222222'
const to = '0x000000000000000000000000000000000000dEaD'
const context = { projectId: 'app', origin: 'https://dapp.example', account }

describe('subjectOf', () => {
  it('asks about the call with the host, the network and the account the request names', () => {
    expect(
      subjectOf(
        {
          id: 7,
          method: 'eth_sendTransaction',
          params: [{ from: smartAccount, to, value: '0x10' }],
          network: 'eip155:31337',
        },
        context,
      ),
    ).toEqual({
      id: '7',
      projectId: 'app',
      origin: 'https://dapp.example',
      chainId: 'eip155:31337',
      from: smartAccount,
      reviewed: { kind: 'calls', calls: [{ to, value: '0x10' }] },
    })
  })

  it("takes the connection's account when the request names none", () => {
    const subject = subjectOf(
      { id: 1, method: 'wallet_sendCalls', params: [{ calls: [{ to }] }], network: 'eip155:1' },
      context,
    )
    expect(subject?.from).toBe(account)
    expect(subject?.reviewed).toEqual({ kind: 'calls', calls: [{ to }] })
  })

  it("asks about a Solana transaction with the connection's Solana account on a Solana network", () => {
    const network = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const solanaAccount = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const request = { id: 3, method: 'solana_signTransaction', params: { transaction: 'AQID' }, network }
    expect(subjectOf(request, { ...context, solanaAccount })).toEqual({
      id: '3',
      projectId: 'app',
      origin: 'https://dapp.example',
      chainId: network,
      from: solanaAccount,
      reviewed: { kind: 'solanaTransaction', transaction: 'AQID' },
    })
    // No Solana account, or an EVM network: nothing to ask.
    expect(subjectOf(request, context)).toBeUndefined()
    expect(subjectOf({ ...request, network: 'eip155:1' }, { ...context, solanaAccount })).toBeUndefined()
  })

  it('has nothing to ask for a request the review does not read, a Solana network, or no host yet', () => {
    const send = { id: 1, method: 'eth_sendTransaction', params: [{ to }], network: 'eip155:1' }
    expect(subjectOf({ ...send, method: 'solana_signMessage', params: {} }, context)).toBeUndefined()
    expect(
      subjectOf({ ...send, network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, context),
    ).toBeUndefined()
    expect(subjectOf(send, { ...context, origin: undefined })).toBeUndefined()
    expect(subjectOf(send, { ...context, projectId: undefined })).toBeUndefined()
    expect(subjectOf(send, { ...context, account: undefined })).toBeUndefined()
  })
})

const reviewed = (level: ReviewResponse['verdict']['level']): State => ({
  status: 'reviewed',
  review: { verdict: { level, findings: [] } },
})

describe('gateOf', () => {
  it('waits for the review, and lets an unavailable or absent one approve', () => {
    expect(gateOf({ status: 'checking' }, false)).toBe('wait')
    expect(gateOf({ status: 'unavailable', reason: 'down', denied: [] }, false)).toBe('approve')
    expect(gateOf({ status: 'none' }, false)).toBe('approve')
    expect(gateOf(reviewed('none'), false)).toBe('approve')
  })

  it('asks for the confirmation of a warning, and blocks a blocked request however confirmed', () => {
    expect(gateOf(reviewed('warning'), false)).toBe('confirm')
    expect(gateOf(reviewed('warning'), true)).toBe('approve')
    expect(gateOf(reviewed('blocked'), true)).toBe('blocked')
  })
})

describe('gateOf (unavailable)', () => {
  it("blocks an unavailable review's request that the project's deny list names, however confirmed", () => {
    expect(gateOf({ status: 'unavailable', reason: 'slow', denied: ['0xd7a1e'] }, true)).toBe('blocked')
  })
})

describe('stateOf', () => {
  const base = { asked: true, late: false, denied: [] as string[] }
  it('is checking until the review, an error or the deadline', () => {
    expect(stateOf({ ...base, asked: false })).toEqual({ status: 'none' })
    expect(stateOf(base)).toEqual({ status: 'checking' })
    expect(stateOf({ ...base, review: { verdict: { level: 'none', findings: [] } } })).toMatchObject({
      status: 'reviewed',
    })
    expect(stateOf({ ...base, error: new Error('down') })).toEqual({
      status: 'unavailable',
      reason: 'down',
      denied: [],
    })
    expect(stateOf({ ...base, late: true })).toEqual({
      status: 'unavailable',
      reason: lateReason,
      denied: [],
    })
  })

  it('past the deadline keeps a listed request blocked, and one it cannot read waiting', () => {
    const late = stateOf({ ...base, late: true, denied: ['0xd7a1e'] })
    expect(gateOf(late, true)).toBe('blocked')
    expect(stateOf({ ...base, late: true, denied: undefined })).toEqual({ status: 'checking' })
  })

  it('a review that arrives after the deadline is the review', () => {
    const review = { verdict: { level: 'warning' as const, findings: [] } }
    expect(stateOf({ ...base, late: true, review })).toEqual({ status: 'reviewed', review })
  })
})
