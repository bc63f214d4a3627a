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
