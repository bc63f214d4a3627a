import {
  DisconnectedError,
  InternalRpcError,
  ProviderRpcError,
  UserRejectedRequestError,
} from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { toProviderError } from './errors.js'

describe('toProviderError', () => {
  it("keeps a wallet's JSON-RPC error code and message", () => {
    const error = toProviderError({ code: 4001, message: 'User rejected the request.' })
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
  })

  it("maps WalletConnect's rejection codes (5000–5003) to EIP-1193 4001", () => {
    for (const code of [5000, 5001, 5002, 5003]) {
      const error = toProviderError({ code, message: 'User rejected.' })
      expect(error).toBeInstanceOf(UserRejectedRequestError)
      expect(error).toMatchObject({ code: 4001, message: 'User rejected.' })
    }
    expect(toProviderError({ code: 5100, message: 'Unsupported chains.' }).code).toBe(5100)
  })

  it('turns sign-client topic errors into a disconnected (4900) error', () => {
    const error = toProviderError(
      new Error('Missing or invalid. Record was recently deleted - session: 8f2c'),
    )
    expect(error).toBeInstanceOf(DisconnectedError)
    expect(error.code).toBe(4900)
    expect(error.message).toContain('recently deleted')
  })

  it('reports anything else as an internal error with its message', () => {
    expect(toProviderError(new Error('socket hang up'))).toEqual(new InternalRpcError('socket hang up'))
  })
})
