import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { counterpartiesOf, deniedIn } from './reviewFallback.js'

const account = '0x1111111111111111111111111111111111111111'
const token = '0x4444444444444444444444444444444444444444'
const drainer = '0x00000000000000000000000000000000000d7A1e'
const network = 'eip155:8453'

const approveCall = {
  method: 'wallet_sendCalls',
  params: [
    {
      from: account,
      calls: [
        {
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [drainer, maxUint256] }),
        },
      ],
    },
  ],
}
const permit2 = {
  method: 'eth_signTypedData_v4',
  params: [
    account,
    JSON.stringify({
      domain: {
        name: 'Permit2',
        chainId: 8453,
        verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      },
      primaryType: 'PermitSingle',
      types: {},
      message: { details: { token, amount: '1' }, spender: drainer.toLowerCase(), sigDeadline: '1' },
    }),
  ],
}

describe('counterpartiesOf', () => {
  it("names a call's target and the addresses among its decoded arguments", () => {
    expect(counterpartiesOf(approveCall)).toEqual([token, drainer])
  })
  it('names every address in typed data, however deep', () => {
    expect(counterpartiesOf(permit2)).toEqual(
      expect.arrayContaining([token, drainer.toLowerCase(), '0x000000000022D473030F116dDEE9F6B43aC78BA3']),
    )
  })
  it('cannot read a Solana transaction, and names nobody in a message', () => {
    expect(
      counterpartiesOf({ method: 'solana_signTransaction', params: { transaction: 'AQID' } }),
    ).toBeUndefined()
    expect(counterpartiesOf({ method: 'personal_sign', params: ['0x6869', account] })).toEqual([])
  })
})

describe('deniedIn', () => {
  it('finds a listed spender in a call and in a signature, whatever its case', () => {
    expect(deniedIn(`# drainers\n${drainer.toLowerCase()}\n`, { id: 1, ...approveCall, network })).toEqual([
      drainer,
    ])
    expect(deniedIn(`eip155:8453:${drainer}`, { id: 2, ...permit2, network })).toEqual([
      drainer.toLowerCase(),
    ])
    // Listed for another network only.
    expect(deniedIn(`eip155:1:${drainer}`, { id: 3, ...approveCall, network })).toEqual([])
  })
  it('finds nothing without a list, and cannot clear what it cannot read', () => {
    expect(deniedIn(undefined, { id: 1, ...approveCall, network })).toEqual([])
    expect(
      deniedIn(drainer, {
        id: 4,
        method: 'solana_signTransaction',
        params: { transaction: 'AQID' },
        network,
      }),
    ).toBeUndefined()
  })
})
