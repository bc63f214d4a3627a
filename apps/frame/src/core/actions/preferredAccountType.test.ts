import type { AccountType } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { coreWith } from '../../testing.js'
import { loading, messages, setPreferredAccountType } from './preferredAccountType.js'

const base = evmNetwork(8453, 'Base')

/** The embedded wallet as the action sees it: a preference, and whether the network has smart accounts. */
function wallet(available: boolean) {
  const calls: AccountType[] = []
  const seenLoading: boolean[] = []
  return {
    calls,
    seenLoading,
    async setPreferredAccountType(type: AccountType) {
      seenLoading.push(loading.get())
      calls.push(type)
    },
    smartAccountAvailable: () => available,
  }
}

function setup() {
  const core = coreWith([base])
  const tracked: { event: string; properties: object }[] = []
  core.analytics.subscribe(({ event, properties }) => tracked.push({ event, properties }))
  return { core, tracked }
}

describe('setPreferredAccountType', () => {
  it('sets loading while the wallet changes its account, then tracks SET_PREFERRED_ACCOUNT_TYPE', async () => {
    const { core, tracked } = setup()
    const embedded = wallet(true)
    await setPreferredAccountType(core, embedded, 'eoa')
    expect(embedded.calls).toEqual(['eoa'])
    expect(embedded.seenLoading).toEqual([true])
    expect(loading.get()).toBe(false)
    expect(tracked).toEqual([
      { event: 'SET_PREFERRED_ACCOUNT_TYPE', properties: { accountType: 'eoa', network: 'eip155:8453' } },
    ])
    expect(core.toasts.get().open).toBe(false)
  })

  it('keeps a smart-account choice where the network has none, and says the app might not support it', async () => {
    const { core, tracked } = setup()
    await setPreferredAccountType(core, wallet(false), 'smartAccount')
    expect(core.toasts.get()).toMatchObject({ open: true, variant: 'error', message: messages.notSupported })
    expect(messages.notSupported).toBe('This application might not support Smart Accounts')
    expect(tracked.map((event) => event.event)).toEqual(['SET_PREFERRED_ACCOUNT_TYPE'])
  })

  it('clears loading and tracks nothing when the wallet fails', async () => {
    const { core, tracked } = setup()
    const failing = {
      setPreferredAccountType: async () => {
        throw new Error('storage gone')
      },
      smartAccountAvailable: () => true,
    }
    await expect(setPreferredAccountType(core, failing, 'eoa')).rejects.toThrow('storage gone')
    expect(loading.get()).toBe(false)
    expect(tracked).toEqual([])
  })
})
