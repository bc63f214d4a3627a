import type { ReviewResponse } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { gateOf, type State, subjectOf } from './review.js'

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
    expect(gateOf({ status: 'unavailable', reason: 'down' }, false)).toBe('approve')
    expect(gateOf({ status: 'none' }, false)).toBe('approve')
    expect(gateOf(reviewed('none'), false)).toBe('approve')
  })

  it('asks for the confirmation of a warning, and blocks a blocked request however confirmed', () => {
    expect(gateOf(reviewed('warning'), false)).toBe('confirm')
    expect(gateOf(reviewed('warning'), true)).toBe('approve')
    expect(gateOf(reviewed('blocked'), true)).toBe('blocked')
  })
})
