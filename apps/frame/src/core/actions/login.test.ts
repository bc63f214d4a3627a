// The login actions: each step goes to the wallet's auth, and a finished login connects the wallet
// through the connect action only after its session is open (the wallet never connects itself). A
// declined connection (the recovery password cancelled) answers "not connected" and is said in a toast.
import { UserRejectedRequestError } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import type { EmailStep, LoginAuth } from '../../lib/embeddedLogin.js'
import type { MessagingPopup } from '../../lib/popup.js'
import { coreWith, fakeConnector } from '../../testing.js'
import * as Login from './login.js'

const step: EmailStep = {
  attemptId: 'attempt-1',
  action: 'VERIFY_OTP',
  email: 'ada@example.test',
  resendAt: 0,
}

function setup() {
  const core = coreWith([evmNetwork(1, 'Ethereum')])
  const connector = fakeConnector(undefined, { id: 'auth', type: 'auth' })
  const calls: string[] = []
  connector.connect.mockImplementation(async () => {
    calls.push('connect')
    return { accounts: [`eip155:1:0x${'1'.repeat(40)}`], network: 'eip155:1' }
  })
  const auth: LoginAuth = {
    startEmail: vi.fn(async (email: string) => ({ ...step, email })),
    resendEmail: vi.fn(async (current: EmailStep) => ({ ...current, resendAt: 30_000 })),
    waitForDevice: vi.fn(async (current: EmailStep) => ({ ...current, action: 'VERIFY_OTP' as const })),
    verifyEmail: vi.fn(async () => void calls.push('session')),
    socialLogin: vi.fn(async () => void calls.push('session')),
    farcasterLogin: vi.fn(async () => void calls.push('session')),
  }
  return { core, connector, auth, calls, deps: { core, auth, connector } }
}

describe('startEmail', () => {
  it('asks the wallet for the trimmed address', async () => {
    const { auth, deps } = setup()
    expect(await Login.startEmail(deps, '  ada@example.test ')).toMatchObject({ email: 'ada@example.test' })
    expect(auth.startEmail).toHaveBeenCalledWith('ada@example.test')
  })
})

describe('resend', () => {
  it("answers the new step with the server's cooldown", async () => {
    const { deps } = setup()
    expect(await Login.resend(deps, step)).toMatchObject({ resendAt: 30_000 })
  })
})

describe('waitForDevice', () => {
  it('answers the code step once the device is approved', async () => {
    const { auth, deps } = setup()
    const signal = new AbortController().signal
    const device = { ...step, action: 'VERIFY_DEVICE' as const }
    expect(await Login.waitForDevice(deps, device, signal)).toMatchObject({ action: 'VERIFY_OTP' })
    expect(auth.waitForDevice).toHaveBeenCalledWith(device, signal)
  })
})

describe('verify', () => {
  it('opens the session, then connects the wallet through the connect action', async () => {
    const { core, connector, auth, calls, deps } = setup()
    expect(await Login.verify(deps, step, '123456')).toBe(true)
    expect(auth.verifyEmail).toHaveBeenCalledWith(step, '123456')
    expect(calls).toEqual(['session', 'connect'])
    expect(core.connection.connector()).toBe(connector)
    expect(core.connection.get().status).toBe('connected')
  })

  it('connects nothing when the code is refused', async () => {
    const { connector, auth, deps } = setup()
    vi.mocked(auth.verifyEmail).mockRejectedValueOnce(new Error('Invalid code'))
    await expect(Login.verify(deps, step, '000000')).rejects.toThrow('Invalid code')
    expect(connector.connect).not.toHaveBeenCalled()
  })

  it('answers not connected when the recovery password is declined, and says so in a toast', async () => {
    const { core, connector, deps } = setup()
    connector.connect.mockRejectedValueOnce(new UserRejectedRequestError())
    expect(await Login.verify(deps, step, '123456')).toBe(false)
    expect(core.connection.get().status).toBe('disconnected')
    expect(core.toasts.get()).toMatchObject({ variant: 'error', message: 'Connection declined' })
  })
})

describe('social', () => {
  it('runs the popup login, then connects the wallet', async () => {
    const { auth, calls, deps } = setup()
    const popup = {} as MessagingPopup
    const signal = new AbortController().signal
    expect(await Login.social(deps, 'google', popup, signal)).toBe(true)
    expect(auth.socialLogin).toHaveBeenCalledWith('google', popup, signal)
    expect(calls).toEqual(['session', 'connect'])
  })

  it('connects nothing when the popup login is cancelled', async () => {
    const { connector, auth, deps } = setup()
    vi.mocked(auth.socialLogin).mockRejectedValueOnce(new UserRejectedRequestError())
    await expect(
      Login.social(deps, 'x', {} as MessagingPopup, new AbortController().signal),
    ).rejects.toMatchObject({ code: 4001 })
    expect(connector.connect).not.toHaveBeenCalled()
  })
})

describe('farcaster', () => {
  it('waits for the signed message, then connects the wallet', async () => {
    const { calls, deps } = setup()
    expect(await Login.farcaster(deps, new AbortController().signal)).toBe(true)
    expect(calls).toEqual(['session', 'connect'])
  })
})
