import { InvalidParamsError } from '@walletframe/protocol/errors'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as Injected from './Injected.js'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A browser wallet that answers EIP-6963 discovery, as extensions do. */
function installWallet(rdns: string, provider: Record<string, unknown>) {
  const info = { uuid: `uuid-${rdns}`, name: rdns, icon: 'data:image/svg+xml,<svg/>', rdns, extra: 'x' }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
}

describe('watch', () => {
  it('lists the wallets of the page, without Walletframe itself, with only the info fields', () => {
    installWallet('io.metamask', { request: vi.fn() })
    installWallet('app.walletframe', { request: vi.fn(), isWalletframe: true })
    const injected = Injected.watch({ window })
    cleanups.push(injected.stop)
    expect(injected.list()).toEqual([
      {
        uuid: 'uuid-io.metamask',
        name: 'io.metamask',
        icon: 'data:image/svg+xml,<svg/>',
        rdns: 'io.metamask',
      },
    ])
  })

  it('hears wallets that announce later', () => {
    const injected = Injected.watch({ window })
    cleanups.push(injected.stop)
    installWallet('com.late', { request: vi.fn() })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(injected.list().map((wallet) => wallet.rdns)).toEqual(['com.late'])
  })

  it('ignores malformed announcements', () => {
    const injected = Injected.watch({ window })
    cleanups.push(injected.stop)
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: 'x' }, provider: {} } }),
    )
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider'))
    expect(injected.list()).toEqual([])
  })
})

describe('request', () => {
  it('runs the call on the chosen wallet and returns its result or its own error', async () => {
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts') return ['0xabc']
      throw { code: 4001, message: 'User rejected' }
    })
    installWallet('io.metamask', { request })
    const injected = Injected.watch({ window })
    cleanups.push(injected.stop)
    await expect(injected.request({ rdns: 'io.metamask', method: 'eth_requestAccounts' })).resolves.toEqual([
      '0xabc',
    ])
    await expect(
      injected.request({ rdns: 'io.metamask', method: 'personal_sign', params: ['0x'] }),
    ).rejects.toEqual({
      code: 4001,
      message: 'User rejected',
    })
    expect(request).toHaveBeenLastCalledWith({ method: 'personal_sign', params: ['0x'] })
  })

  it('rejects an unknown rdns with InvalidParamsError', async () => {
    const injected = Injected.watch({ window })
    cleanups.push(injected.stop)
    await expect(injected.request({ rdns: 'com.nope', method: 'eth_accounts' })).rejects.toThrow(
      InvalidParamsError,
    )
  })
})
