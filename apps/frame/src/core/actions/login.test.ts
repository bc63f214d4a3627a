// The login actions: each step goes to the wallet's auth, the waits look at the API once a second
// until what happens elsewhere is done (on fake timers here), and a finished login connects the wallet
// through the connect action only after its session is open (the wallet never connects itself). A
// declined connection (the recovery password cancelled) answers "not connected" and is said in a toast;
// a re-login opens no session and connects nothing.
import { UserRejectedRequestError } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EmailStep, LoginAuth } from '../../lib/embeddedLogin.js'
import type { MessagingPopup } from '../../lib/popup.js'
import { coreWith, fakeConnector } from '../../testing.js'
import * as FarcasterChannel from '../farcasterChannel.js'
import * as Login from './login.js'

afterEach(() => {
  vi.useRealTimers()
})

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
  /** A login elsewhere whose looks answer `ready` in turn (then true), and whose CONNECT opens the session. */
  const pending = (...ready: boolean[]) => ({
    attemptId: 'attempt-2',
    ready: vi.fn(async () => ready.shift() ?? true),
    connect: vi.fn(async () => void calls.push('session')),
    end: vi.fn(),
  })
  const social = pending()
  const farcaster = { ...pending(), channelUrl: 'farcaster://connect?channelToken=ABCDEFGH' }
  const auth = {
    startEmail: vi.fn(async (email: string) => ({ ...step, email })),
    resendEmail: vi.fn(async (current: EmailStep) => ({ ...current, resendAt: 30_000 })),
    deviceApproval: vi.fn(
      async (current: EmailStep): Promise<EmailStep | undefined> => ({ ...current, action: 'VERIFY_OTP' }),
    ),
    verifyEmail: vi.fn(async () => void calls.push('session')),
    startSocial: vi.fn(async () => social),
    startFarcaster: vi.fn(async () => farcaster),
    passkey: vi.fn(async () => void calls.push('session')),
  } satisfies LoginAuth
  const deps = { core, auth, connector, farcaster: FarcasterChannel.create() }
  return { core, connector, auth, calls, social, farcaster, pending, deps }
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
  it('looks (each look held by the API, ended by the signal) until the device is approved, and answers the code step', async () => {
    vi.useFakeTimers()
    const { auth, deps } = setup()
    const device = { ...step, action: 'VERIFY_DEVICE' as const }
    auth.deviceApproval.mockResolvedValueOnce(undefined).mockResolvedValueOnce(undefined)
    const waiting = Login.waitForDevice(deps, device, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(auth.deviceApproval).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await waiting).toMatchObject({ action: 'VERIFY_OTP' })
    expect(auth.deviceApproval).toHaveBeenCalledTimes(3)
    expect(auth.deviceApproval).toHaveBeenCalledWith(device, expect.any(AbortSignal))
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
  it('waits for the popup login, opens its session, then connects the wallet', async () => {
    vi.useFakeTimers()
    const { auth, calls, social, pending, deps } = setup()
    const popup = {} as MessagingPopup
    const signal = new AbortController().signal
    const waited = pending(false, false)
    auth.startSocial.mockResolvedValueOnce(waited)
    const login = Login.social(deps, 'google', popup, signal)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await login).toBe(true)
    expect(auth.startSocial).toHaveBeenCalledWith('google', popup, signal)
    expect(waited.ready).toHaveBeenCalledTimes(3)
    expect(waited.end).toHaveBeenCalled()
    expect(social.connect).not.toHaveBeenCalled()
    expect(calls).toEqual(['session', 'connect'])
  })

  it('connects nothing when the popup login is cancelled', async () => {
    const { connector, social, deps } = setup()
    const controller = new AbortController()
    social.ready.mockResolvedValue(false)
    const login = Login.social(deps, 'x', {} as MessagingPopup, controller.signal)
    await vi.waitFor(() => expect(social.ready).toHaveBeenCalled())
    controller.abort(new UserRejectedRequestError())
    await expect(login).rejects.toMatchObject({ code: 4001 })
    expect(social.end).toHaveBeenCalled()
    expect(social.connect).not.toHaveBeenCalled()
    expect(connector.connect).not.toHaveBeenCalled()
  })

  it('connects nothing when the popup login fails', async () => {
    const { connector, social, deps } = setup()
    social.ready.mockRejectedValueOnce(new Error('The x login did not complete'))
    await expect(Login.social(deps, 'x', {} as MessagingPopup, new AbortController().signal)).rejects.toThrow(
      'The x login did not complete',
    )
    expect(social.connect).not.toHaveBeenCalled()
    expect(connector.connect).not.toHaveBeenCalled()
  })
})

describe('farcaster', () => {
  it('waits for the signed message on the channel, opens its session, then connects the wallet', async () => {
    const { calls, deps } = setup()
    expect(await Login.farcaster(deps, new AbortController().signal)).toBe(true)
    expect(calls).toEqual(['session', 'connect'])
    expect(deps.farcaster.url.get()).toBeUndefined()
  })
})

describe('passkey', () => {
  it('runs the ceremony the mode names, opens its session, then connects the wallet', async () => {
    const { core, connector, auth, calls, deps } = setup()
    expect(await Login.passkey(deps, 'get')).toBe(true)
    expect(auth.passkey).toHaveBeenCalledWith('get', undefined)
    expect(calls).toEqual(['session', 'connect'])
    expect(core.connection.connector()).toBe(connector)
  })

  it('connects nothing when the ceremony is refused', async () => {
    const { core, auth, calls, deps } = setup()
    auth.passkey.mockRejectedValueOnce(new Error('The passkey could not be verified'))
    await expect(Login.passkey(deps, 'create')).rejects.toThrow('could not be verified')
    expect(calls).toEqual([])
    expect(core.connection.get().status).toBe('disconnected')
  })
})

describe('reauthSocial', () => {
  it('answers the ready attempt, and opens no session', async () => {
    const { connector, social, deps } = setup()
    expect(await Login.reauthSocial(deps, 'x', {} as MessagingPopup, new AbortController().signal)).toBe(
      'attempt-2',
    )
    expect(social.end).toHaveBeenCalled()
    expect(social.connect).not.toHaveBeenCalled()
    expect(connector.connect).not.toHaveBeenCalled()
  })
})

describe('reauthFarcaster', () => {
  it('answers the verified attempt, and opens no session', async () => {
    const { connector, farcaster, deps } = setup()
    expect(await Login.reauthFarcaster(deps, new AbortController().signal)).toBe('attempt-2')
    expect(farcaster.connect).not.toHaveBeenCalled()
    expect(connector.connect).not.toHaveBeenCalled()
  })
})
