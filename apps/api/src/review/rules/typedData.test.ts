import { describe, expect, it } from 'vitest'
import { permitFindings } from './permit.js'
import { authorisationOf } from './typedData.js'

const token = '0x00000000000000000000000000000000000000aa'
const spender = '0x00000000000000000000000000000000000000bb'
const permit = {
  domain: { name: 'USD Coin', chainId: 1, verifyingContract: token },
  primaryType: 'Permit',
  message: { owner: '0x01', spender, value: '1000', nonce: 0, deadline: 1_900_000_000 },
}
const permit2Single = {
  domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
  primaryType: 'PermitSingle',
  message: { details: { token, amount: '5', expiration: 1, nonce: 0 }, spender, sigDeadline: '1900000000' },
}
const permit2Batch = {
  ...permit2Single,
  primaryType: 'PermitBatch',
  message: {
    details: [
      { token, amount: '5' },
      { token: spender, amount: '7' },
    ],
    spender,
    sigDeadline: '1',
  },
}

describe('authorisationOf', () => {
  it('reads an EIP-2612 Permit: the token is the verifying contract', () => {
    expect(authorisationOf(permit)).toEqual({
      kind: 'permit',
      token,
      spender,
      amount: '1000',
      deadline: '1900000000',
    })
  })
  it('reads Permit2 single and batch allowances', () => {
    expect(authorisationOf(permit2Single)).toEqual({
      kind: 'permit2',
      spender,
      tokens: [{ token, amount: '5' }],
      deadline: '1900000000',
    })
    expect(authorisationOf(permit2Batch)).toMatchObject({
      tokens: [
        { token, amount: '5' },
        { token: spender, amount: '7' },
      ],
    })
  })
  it('reads a Permit2 transfer from its permitted tokens', () => {
    const transfer = {
      ...permit2Single,
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token, amount: '9' }, spender, nonce: 1, deadline: 2 },
    }
    expect(authorisationOf(transfer)).toEqual({
      kind: 'permit2',
      spender,
      tokens: [{ token, amount: '9' }],
      deadline: '2',
    })
  })
  it('reads a Seaport-style order: each offer and consideration item, its recipient, the end time', () => {
    const item = { itemType: 1, token, identifierOrCriteria: '0', startAmount: '5', endAmount: '5' }
    const order = {
      primaryType: 'OrderComponents',
      message: {
        offerer: spender,
        offer: [{ ...item, itemType: 3, identifierOrCriteria: '7' }],
        consideration: [
          { ...item, recipient: spender },
          { ...item, itemType: 0, recipient: token },
        ],
        endTime: '99',
      },
    }
    expect(authorisationOf(order)).toEqual({
      kind: 'order',
      offerer: spender,
      offer: [
        { itemType: 'erc1155', anyOf: false, token, identifier: '7', startAmount: '5', endAmount: '5' },
      ],
      consideration: [
        {
          itemType: 'erc20',
          anyOf: false,
          token,
          identifier: '0',
          startAmount: '5',
          endAmount: '5',
          recipient: spender,
        },
        {
          itemType: 'native',
          anyOf: false,
          token,
          identifier: '0',
          startAmount: '5',
          endAmount: '5',
          recipient: token,
        },
      ],
      endTime: '99',
    })
  })
  it('reads an ERC-7715 grant by its fields: permissions, policies, signer, expiry', () => {
    const grant = {
      primaryType: 'PermissionRequest',
      message: {
        expiry: 10,
        signer: { type: 'key', data: { id: 'did:key:z6Mk' } },
        permissions: [
          {
            type: 'erc20-token-transfer',
            data: { address: token },
            policies: [
              { type: 'token-allowance', data: { allowance: '0x10' } },
              { type: 'spend-period', data: { seconds: 60 } },
            ],
          },
        ],
      },
    }
    expect(authorisationOf(grant)).toEqual({
      kind: 'grant',
      expiry: '10',
      signer: 'did:key:z6Mk',
      permissions: [{ type: 'erc20-token-transfer', address: token, allowance: '0x10', periodSeconds: '60' }],
    })
  })
  it('says unknown for a Permit missing its spender, and for anything else', () => {
    expect(authorisationOf({ ...permit, message: { value: '1' } })).toEqual({ kind: 'unknown' })
    expect(authorisationOf({ primaryType: 'Mail', message: { contents: 'hi' } })).toEqual({ kind: 'unknown' })
    expect(authorisationOf({})).toEqual({ kind: 'unknown' })
  })
})

describe('permitFindings', () => {
  it('names the spender and what it may move, for Permit and Permit2', () => {
    expect(permitFindings(authorisationOf(permit))).toEqual([
      {
        rule: 'permit-signature',
        reason: `This signature lets ${spender} spend 1000 of ${token} without another approval`,
      },
    ])
    expect(permitFindings(authorisationOf(permit2Batch))[0]?.reason).toBe(
      `This Permit2 signature lets ${spender} move 5 of ${token}, 7 of ${spender} without another approval`,
    )
  })
  it('finds nothing in other typed data', () => {
    expect(permitFindings({ kind: 'unknown' })).toEqual([])
    expect(permitFindings({ kind: 'order', offerer: spender, offer: [], consideration: [] })).toEqual([])
  })
})
