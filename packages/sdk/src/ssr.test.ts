// @vitest-environment node
import { InternalRpcError } from '@walletframe/protocol/errors'
import { describe, expect, it } from 'vitest'

describe('the SDK under server rendering', () => {
  it('imports without a window or document', async () => {
    expect(typeof window).toBe('undefined')
    const sdk = await import('./index.js')
    expect(typeof sdk.createWalletframe).toBe('function')
  })

  it('refuses to create an instance with a clear error', async () => {
    const { createWalletframe } = await import('./index.js')
    expect(() =>
      createWalletframe({
        projectId: 'p',
        frameUrl: 'https://f.test',
        networks: ['eip155:1'],
        metadata: { name: 'x', url: 'https://x.test' },
      }),
    ).toThrow(InternalRpcError)
  })
})
