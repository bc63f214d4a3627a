import { describe, expect, it } from 'vitest'
import {
  capabilitiesNeedAddress,
  GetCallsStatusParams,
  GetCapabilitiesParams,
  SendCallsItem,
  SendCallsParams,
} from './walletCalls.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('SendCallsItem', () => {
  it('accepts a call with `to` only, and one with data and value', () => {
    expect(SendCallsItem.safeParse({ to: address }).success).toBe(true)
    expect(SendCallsItem.safeParse({ to: '0x1', data: '0x', value: '0x0' }).success).toBe(true)
  })
  it.each([
    { to: 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    {},
    { to: '0x1', data: 'ff' },
    { to: '0x1', value: '10' },
  ])('rejects %j', (call) => {
    expect(SendCallsItem.safeParse(call).success).toBe(false)
  })
  it('says why "to" failed', () => {
    const result = SendCallsItem.safeParse({ to: 'vitalik.eth' })
    expect(result.error?.issues[0]?.message).toBe('Call "to" must start with 0x')
  })
  it('keeps the capabilities a call asks for', () => {
    const parsed = SendCallsItem.parse({ to: '0x1', capabilities: { paymasterService: { optional: true } } })
    expect(parsed.capabilities).toEqual({ paymasterService: { optional: true } })
  })
})

describe('SendCallsParams', () => {
  const request = {
    version: '2.0.0',
    from: address,
    chainId: '0x1',
    atomicRequired: true,
    calls: [
      { to: address, data: '0x095ea7b3' },
      { to: address, value: '0x1' },
    ],
  }
  it("accepts viem's sendCalls request (id and capabilities left out)", () => {
    expect(SendCallsParams.parse([request])).toEqual([request])
    expect(SendCallsParams.safeParse([{ ...request, id: 'batch-1', capabilities: {} }]).success).toBe(true)
  })
  it('rejects another version, a missing chain id, no calls and a call to a name', () => {
    expect(SendCallsParams.safeParse([{ ...request, version: '1.0' }]).success).toBe(false)
    expect(SendCallsParams.safeParse([{ ...request, chainId: undefined }]).success).toBe(false)
    expect(SendCallsParams.safeParse([{ ...request, calls: [] }]).success).toBe(false)
    expect(SendCallsParams.safeParse([{ ...request, calls: [{ to: 'vitalik.eth' }] }]).success).toBe(false)
  })
  it('keeps a capability with its fields, optional or not', () => {
    const capabilities = { paymasterService: { url: 'https://paymaster.example', optional: false } }
    expect(SendCallsParams.parse([{ ...request, capabilities }])[0].capabilities).toEqual(capabilities)
  })
})

describe('GetCapabilitiesParams', () => {
  it('accepts an address, with or without chain ids', () => {
    expect(GetCapabilitiesParams.safeParse([address]).success).toBe(true)
    expect(GetCapabilitiesParams.safeParse([address, ['0x1', '0x2105']]).success).toBe(true)
  })
  it('says the address is needed when it is missing', () => {
    for (const params of [[], [undefined], [null], undefined]) {
      const result = GetCapabilitiesParams.safeParse(params)
      expect(result.error?.issues[0]?.message).toBe(capabilitiesNeedAddress)
    }
  })
  it('rejects chain ids that are not hex', () => {
    expect(GetCapabilitiesParams.safeParse([address, [1]]).success).toBe(false)
  })
})

describe('GetCallsStatusParams', () => {
  it('takes one id', () => {
    expect(GetCallsStatusParams.parse(['0xabc'])).toEqual(['0xabc'])
    expect(GetCallsStatusParams.safeParse([]).success).toBe(false)
  })
})
