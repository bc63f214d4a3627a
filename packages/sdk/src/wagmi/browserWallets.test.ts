import { afterEach, describe, expect, it, vi } from 'vitest'
import { watch } from './browserWallets.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const stops: (() => void)[] = []

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
})

/** A wallet in the page that announces itself now and when asked (EIP-6963). */
function installWallet(rdns: string, request: (args: { method: string }) => Promise<unknown>, extra = {}) {
  const detail = Object.freeze({
    info: { uuid: crypto.randomUUID(), name: rdns, icon: 'data:,', rdns },
    provider: { request, ...extra },
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  stops.push(() => window.removeEventListener('eip6963:requestProvider', announce))
  announce()
}

const answering = (accounts: string[]) => async () => accounts

describe('watch', () => {
  it('finds the wallets whose eth_accounts holds the address, announced before it or after', async () => {
    installWallet('org.before', answering([address.toLowerCase()]))
    const wallets = watch(window)
    installWallet('org.after', answering(['0x0000000000000000000000000000000000000001', address]))
    installWallet('org.other', answering(['0x0000000000000000000000000000000000000001']))
    installWallet('org.locked', answering([]))
    expect(await wallets.holding(address)).toEqual(['org.before', 'org.after'])
  })

  it("leaves out Walletframe's own provider, which holds the account too", async () => {
    installWallet('app.walletframe', answering([address]), { isWalletframe: true })
    expect(await watch(window).holding(address)).toEqual([])
  })

  it('leaves out a wallet that fails eth_accounts or does not answer within a second', async () => {
    vi.useFakeTimers()
    installWallet('org.failing', () => Promise.reject(Object.assign(new Error('locked'), { code: 4100 })))
    installWallet('org.silent', () => new Promise(() => {}))
    installWallet('org.holding', answering([address]))
    const holding = watch(window).holding(address)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await holding).toEqual(['org.holding'])
  })
})
