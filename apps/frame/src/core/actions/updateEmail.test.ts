import type { AccountState } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import * as HostEvents from '../../host/hostEvents.js'
import type { EmailUpdate, EmailUpdateStep } from '../../lib/emailUpdate.js'
import { address, coreWith, fakeConnector } from '../../testing.js'
import * as Connect from './connect.js'
import { reauthMethodOf, refreshWalletInfo, start, verify } from './updateEmail.js'

type Info = NonNullable<AccountState['embeddedWalletInfo']>

/** A core connected through an embedded-like connector whose user's address is `email` until changed. */
async function connected(email: string) {
  const core = coreWith([evmNetwork(1, 'Ethereum')])
  let current = email
  const info = (): Info => ({
    authProvider: 'email',
    accountType: 'eoa',
    isSmartAccountDeployed: false,
    user: { email: current },
  })
  const connector = { ...fakeConnector(undefined, { id: 'auth', type: 'auth' }), walletInfo: info }
  await Connect.connect(core, connector, { id: connector.id })
  const emitted: unknown[] = []
  HostEvents.forward(core, (type, data) => {
    if (type === 'state') emitted.push(data)
  })
  return { core, change: (next: string) => (current = next), emitted }
}

const primary: EmailUpdateStep = {
  updateId: 'u1',
  action: 'VERIFY_PRIMARY_OTP',
  email: 'new@example.test',
  sentTo: 'old@example.test',
  resendAt: 0,
}
const secondary: EmailUpdateStep = { ...primary, action: 'VERIFY_SECONDARY_OTP', sentTo: 'new@example.test' }

describe('start', () => {
  it("asks the wallet's email update for the address", async () => {
    const { core } = await connected('old@example.test')
    const update = { start: vi.fn(async () => primary) } as unknown as EmailUpdate
    expect(await start({ core, emailUpdate: async () => update }, 'new@example.test')).toBe(primary)
    expect(update.start).toHaveBeenCalledWith('new@example.test')
  })

  it('names the re-login that vouches for an account without an address', async () => {
    const { core } = await connected('old@example.test')
    const update = { start: vi.fn(async () => secondary) } as unknown as EmailUpdate
    await start({ core, emailUpdate: async () => update }, 'new@example.test', 'reauth-1')
    expect(update.start).toHaveBeenCalledWith('new@example.test', 'reauth-1')
  })
})

describe('reauthMethodOf', () => {
  const info = (authProvider: string, email?: string): Info => ({
    authProvider,
    accountType: 'eoa',
    isSmartAccountDeployed: false,
    user: email ? { email } : {},
  })

  it('is the current login of an account without an address', () => {
    expect(reauthMethodOf(info('x'))).toBe('x')
    expect(reauthMethodOf(info('facebook'))).toBe('facebook')
    expect(reauthMethodOf(info('farcaster'))).toBe('farcaster')
  })

  it('is none for an account with an address, or without the embedded wallet', () => {
    expect(reauthMethodOf(info('email', 'a@example.test'))).toBeUndefined()
    expect(reauthMethodOf(info('google', 'a@example.test'))).toBeUndefined()
    expect(reauthMethodOf(undefined)).toBeUndefined()
  })
})

describe('verify', () => {
  it('leaves the host state alone while a code is still to come', async () => {
    const { core, emitted } = await connected('old@example.test')
    const update = { verify: vi.fn(async () => secondary) } as unknown as EmailUpdate
    expect(await verify({ core, emailUpdate: async () => update }, primary, '123456')).toBe(secondary)
    expect(emitted).toEqual([])
  })

  it('tells the host the new address once done; the address stays', async () => {
    const { core, change, emitted } = await connected('old@example.test')
    const update = {
      verify: vi.fn(async () => {
        change('new@example.test')
        return { action: 'DONE', email: 'new@example.test' }
      }),
    } as unknown as EmailUpdate
    await verify({ core, emailUpdate: async () => update }, secondary, '654321')
    expect(emitted).toEqual([
      expect.objectContaining({
        address,
        connector: 'auth',
        embeddedWalletInfo: expect.objectContaining({ user: { email: 'new@example.test' } }),
      }),
    ])
  })

  it('lets the error through, in its own words', async () => {
    const { core } = await connected('old@example.test')
    const update = {
      verify: vi.fn(async () => {
        throw new Error('The code is not correct; check the latest mail and try again')
      }),
    } as unknown as EmailUpdate
    await expect(verify({ core, emailUpdate: async () => update }, primary, '000000')).rejects.toThrow(
      'The code is not correct',
    )
  })
})

describe('refreshWalletInfo', () => {
  it('does nothing while disconnected', () => {
    const core = coreWith([evmNetwork(1, 'Ethereum')])
    const before = core.connection.get()
    refreshWalletInfo(core)
    expect(core.connection.get()).toBe(before)
  })
})
