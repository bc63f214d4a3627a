// The passkey window's hand-over: the options go to the window that says hello from the frame
// origin, its credential comes back, a closed window is a cancel, and nothing from another window or
// origin counts.
import type { PasskeyCreationOptions, PasskeyRegistration } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as PasskeyWindow from './passkeyWindow.js'
import * as WebAuthn from './webauthn.js'

afterEach(() => vi.useRealTimers())

const origin = 'https://frame.test'
const options = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'frame.test', name: 'Walletframe' },
  user: { id: 'dXNlcg', name: 'Wallet', displayName: 'Walletframe wallet' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
} satisfies PasskeyCreationOptions
const credential = {
  id: 'A'.repeat(43),
  rawId: 'A'.repeat(43),
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
} satisfies PasskeyRegistration

function setup() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const win = {
    location: { origin },
    addEventListener: (_: 'message', listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: 'message', listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
  }
  const popup = { closed: false, close: vi.fn(), postMessage: vi.fn() }
  const here = { create: vi.fn(), get: vi.fn(async () => ({}) as never) }
  const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    const event = { data, source: from.source ?? popup, origin: from.origin ?? origin } as MessageEvent
    for (const listener of [...listeners]) listener(event)
  }
  return { win, popup, here, deliver, listeners, ceremony: PasskeyWindow.ceremony(popup, win, here, 10) }
}

describe('ceremony', () => {
  it('answers the window’s hello with the options and resolves with its credential', async () => {
    const { popup, deliver, ceremony, listeners, here } = setup()
    const created = ceremony.create(options)
    deliver({ type: PasskeyWindow.helloType }, { origin: 'https://evil.example' })
    expect(popup.postMessage).not.toHaveBeenCalled()
    deliver({ type: PasskeyWindow.helloType })
    expect(popup.postMessage).toHaveBeenCalledWith({ type: PasskeyWindow.createType, options }, origin)
    deliver({ type: PasskeyWindow.resultType, credential }, { source: {} })
    const output = new Uint8Array(32).fill(5)
    deliver({
      type: PasskeyWindow.resultType,
      credential,
      prf: { enabled: true, output: WebAuthn.toText(output) },
    })
    // The window's PRF output comes back as bytes, beside the credential (never inside it).
    await expect(created).resolves.toEqual({ credential, prf: { enabled: true, output } })
    expect(listeners.size).toBe(0)
    expect(here.create).not.toHaveBeenCalled()
  })

  it('takes a closed window as the user’s cancel (4001)', async () => {
    const { popup, ceremony } = setup()
    const created = ceremony.create(options)
    popup.closed = true
    await expect(created).rejects.toMatchObject({ code: 4001 })
  })

  it('shows the window’s error in its words', async () => {
    const { deliver, ceremony } = setup()
    const created = ceremony.create(options)
    deliver({ type: PasskeyWindow.resultType, error: { message: 'This browser cannot use passkeys here' } })
    await expect(created).rejects.toThrow('This browser cannot use passkeys here')
  })

  it('runs get in the frame', async () => {
    const { ceremony, here, popup } = setup()
    await ceremony.get({ challenge: 'Y2hhbGxlbmdl' })
    expect(here.get).toHaveBeenCalled()
    expect(popup.postMessage).not.toHaveBeenCalled()
  })
})
