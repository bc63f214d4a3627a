import { describe, expect, it } from 'vitest'
import {
  DisconnectedError,
  ErrorObject,
  InvalidAppConfigurationError,
  ProviderRpcError,
  TimeoutError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from './errors.js'

describe('ProviderRpcError', () => {
  it('serialises to a valid ErrorObject and back', () => {
    const error = new ProviderRpcError(-32603, 'Internal', { reason: 'x' })
    const wire = error.toJSON()
    expect(ErrorObject.parse(wire)).toEqual({ code: -32603, message: 'Internal', data: { reason: 'x' } })
    const back = ProviderRpcError.from(wire)
    expect(back).toBeInstanceOf(ProviderRpcError)
    expect(back).toMatchObject({ code: -32603, message: 'Internal', data: { reason: 'x' } })
  })
  it('omits data when there is none', () => {
    expect(new ProviderRpcError(4001, 'no').toJSON()).toEqual({ code: 4001, message: 'no' })
  })
})

describe('subclasses', () => {
  it('keep EIP-1193 codes and their fixed wording', () => {
    expect(new UserRejectedRequestError()).toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(new DisconnectedError()).toMatchObject({
      code: 4900,
      message: 'Please call connect() before request()',
    })
    expect(new UnrecognizedChainError('eip155:9')).toMatchObject({
      code: 4902,
      message: 'Network not found: eip155:9',
    })
    expect(new InvalidAppConfigurationError('Origin not found on Allowlist')).toMatchObject({
      code: 4100,
      message: 'Invalid App Configuration',
      data: 'Origin not found on Allowlist',
    })
    expect(new TimeoutError('open', 5)).toMatchObject({ code: -32000, name: 'TimeoutError' })
    expect(new TimeoutError('open', 5)).toBeInstanceOf(ProviderRpcError)
  })
})

describe('ErrorObject', () => {
  it('rejects a fractional code and a missing message', () => {
    expect(ErrorObject.safeParse({ code: 1.5, message: 'x' }).success).toBe(false)
    expect(ErrorObject.safeParse({ code: 1 }).success).toBe(false)
  })
})
