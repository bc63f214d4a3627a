// The recovery phrase window's hand-over: the Worker's port goes to the window that says hello from
// the frame origin, and to nothing else; a window closed first is an error the view shows.
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as ExportWindow from './exportWindow.js'

afterEach(() => vi.useRealTimers())

const origin = 'https://frame.test'

function setup() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const win = {
    location: { origin },
    addEventListener: (_: 'message', listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: 'message', listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
  }
  const popup = { closed: false, postMessage: vi.fn() }
  const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    const event = { data, source: from.source ?? popup, origin: from.origin ?? origin } as MessageEvent
    for (const listener of [...listeners]) listener(event)
  }
  const { port1 } = new MessageChannel()
  return { win, popup, deliver, listeners, port: port1 }
}

describe('hand', () => {
  it('hands the port to the window’s hello from this origin only', async () => {
    const { win, popup, deliver, listeners, port } = setup()
    const handed = ExportWindow.hand(popup, win, port, 10)
    deliver({ type: ExportWindow.helloType }, { origin: 'https://evil.example' })
    deliver({ type: ExportWindow.helloType }, { source: {} })
    deliver({ type: 'something else' })
    expect(popup.postMessage).not.toHaveBeenCalled()
    deliver({ type: ExportWindow.helloType })
    await handed
    expect(popup.postMessage).toHaveBeenCalledExactlyOnceWith({ type: ExportWindow.portType }, origin, [port])
    expect(listeners.size).toBe(0)
    port.close()
  })

  it('rejects once the window is closed before its hello', async () => {
    const { win, popup, listeners, port } = setup()
    const handed = ExportWindow.hand(popup, win, port, 10)
    popup.closed = true
    await expect(handed).rejects.toBeInstanceOf(ExportWindow.ExportWindowClosedError)
    expect(popup.postMessage).not.toHaveBeenCalled()
    expect(listeners.size).toBe(0)
    port.close()
  })
})

describe('touch', () => {
  const options = { challenge: 'Y2hhbGxlbmdlLWNoYWxsZW5nZQ' }
  const credential = {
    id: 'Y3JlZGVudGlhbC1pZC0wMDAx',
    rawId: 'Y3JlZGVudGlhbC1pZC0wMDAx',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  }

  it('hands the Worker the assertion and the PRF output of the passkey touched, for the offered challenge', async () => {
    const output = new Uint8Array(32).fill(5)
    const get = vi.fn(async () => ({ credential, prf: { enabled: true, output } }))
    const message = await ExportWindow.touch(options, { get })
    expect(get).toHaveBeenCalledExactlyOnceWith(options)
    expect(ExportWindow.RevealWithPasskey.parse(message)).toEqual({
      type: 'reveal-passkey',
      credential,
      prf: { credentialId: credential.id, output },
    })
  })

  it('refuses a passkey that evaluated no PRF before anything is sent', async () => {
    await expect(
      ExportWindow.touch(options, { get: async () => ({ credential, prf: { enabled: false } }) }),
    ).rejects.toMatchObject({ code: 'PASSKEY_PRF_MISSING' })
  })

  it('takes no output of another length than a PRF’s', () => {
    const message = {
      type: 'reveal-passkey',
      credential,
      prf: { credentialId: credential.id, output: new Uint8Array(16) },
    }
    expect(ExportWindow.RevealWithPasskey.safeParse(message).success).toBe(false)
  })
})
