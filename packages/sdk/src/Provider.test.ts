import { InvalidParamsError, ProviderRpcError } from '@walletframe/protocol/errors'
import { describe, expect, it, vi } from 'vitest'
import * as Provider from './Provider.js'

describe('create', () => {
  it('forwards requests to the frame as rpc', async () => {
    const request = vi.fn(async () => '0xsig')
    const { provider } = Provider.create({ request })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', '0xab'] })).resolves.toBe(
      '0xsig',
    )
    expect(request).toHaveBeenCalledWith({ method: 'personal_sign', params: ['0x68', '0xab'] })
    expect(provider.isWalletframe).toBe(true)
  })

  it('answers eth_chainId and eth_accounts locally once they are known', async () => {
    const request = vi.fn(async () => 'from frame')
    const { provider, sync } = Provider.create({ request })
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('from frame')
    sync(
      {
        ready: true,
        allAccounts: [{ namespace: 'eip155', address: '0xabc', type: 'eoa' }],
      },
      { caipNetworkId: 'eip155:8453', chainId: '0x2105' },
    )
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x2105')
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual(['0xabc'])
    expect(request).toHaveBeenCalledOnce()
  })

  it('answers the EVM account whichever namespace is active, none without one, and asks the frame before it is ready', async () => {
    const request = vi.fn(async () => 'from frame')
    const { provider, sync } = Provider.create({ request })
    const solana = { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainId: '0x1' } as const
    const so1 = { namespace: 'solana', address: 'So1', type: 'eoa' } as const
    sync({ ready: true, allAccounts: [so1] }, solana)
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('from frame')
    sync(
      {
        ready: true,
        allAccounts: [so1, { namespace: 'eip155', address: '0xabc', type: 'eoa' }],
      },
      solana,
    )
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual(['0xabc'])
    sync({ ready: false, allAccounts: [] }, undefined)
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toBe('from frame')
  })

  it('rejects a request without a method with InvalidParamsError', async () => {
    const { provider } = Provider.create({ request: vi.fn() })
    await expect(provider.request({ method: '' })).rejects.toThrow(InvalidParamsError)
    // biome-ignore lint/suspicious/noExplicitAny: a JavaScript caller can pass anything
    await expect(provider.request(undefined as any)).rejects.toMatchObject({ code: -32602 })
  })
})

describe('emit', () => {
  it('delivers events to listeners until they are removed', () => {
    const { provider, emit } = Provider.create({ request: vi.fn() })
    const listener = vi.fn()
    provider.on('chainChanged', listener)
    emit('chainChanged', '0x1')
    provider.removeListener('chainChanged', listener)
    emit('chainChanged', '0x2')
    expect(listener).toHaveBeenCalledExactlyOnceWith('0x1')
  })

  it('updates the local answers before listeners run', async () => {
    const { provider, emit } = Provider.create({ request: vi.fn() })
    const seen: unknown[] = []
    provider.on(
      'accountsChanged',
      () => void provider.request({ method: 'eth_accounts' }).then((a) => seen.push(a)),
    )
    emit('accountsChanged', ['0xdef'])
    emit('disconnect', { code: 4900, message: 'Disconnected' })
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await Promise.resolve()
    expect(seen).toEqual([['0xdef']])
  })

  it('hands disconnect listeners a ProviderRpcError (an Error with code 4900), as EIP-1193 says', () => {
    const { provider, emit } = Provider.create({ request: vi.fn() })
    const seen: unknown[] = []
    provider.on('disconnect', (error) => seen.push(error))
    emit('disconnect', { code: 4900, message: 'Disconnected' })
    // Whatever the frame sent, the listener gets an error it can read.
    emit('disconnect', null)
    emit('disconnect', { code: 'x', message: 7 })
    expect(seen).toHaveLength(3)
    for (const error of seen) {
      expect(error).toBeInstanceOf(Error)
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toMatchObject({ code: 4900 })
    }
    for (const error of seen) expect(error).toMatchObject({ message: 'Disconnected' })
  })

  it('keeps calling other listeners when one throws', () => {
    const { provider, emit } = Provider.create({ request: vi.fn() })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const second = vi.fn()
    provider.on('connect', () => {
      throw new Error('host bug')
    })
    provider.on('connect', second)
    emit('connect', { chainId: '0x1' })
    expect(second).toHaveBeenCalledWith({ chainId: '0x1' })
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})
