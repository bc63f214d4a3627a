// The frame's first script: it tells the host page `frame:ready` as the page starts, before the app's
// code has loaded, so the host's handshake (its host:init and MessagePort) is on its way while that
// code downloads; it starts fetching the frame's configuration too, which the app would otherwise ask
// for only once its code has run. Whatever host:init arrives before the app listens is kept, in order, and handed to
// the host channel when it starts (`claim`), which handles it as if it had heard it itself: the host's
// `ready` still waits for the frame's `initialized`, and the SDK queues calls until then. The build
// ships `announce` as a classic script of its own (deploy/earlyReady.ts): the frame's policy allows
// no inline script, and that script runs whether the app's code has arrived or not.
import type { FrameReady } from '@walletframe/protocol'
import { frameConfigRequest, frameConfigUrl } from '../data/frameConfigUrl.js'

/** The window property the early script and the host channel meet on. */
export const earlyKey = '__walletframeEarly'

/** How many host:init messages the early script keeps: the SDK sends one per frame:ready. */
export const keptMost = 8

/** What the early script leaves on the window for the app. */
export type Early = {
  /** The host:init messages heard so far; the script stops listening. */
  take(): MessageEvent[]
  /** The configuration's response, fetched as the page started. */
  config?: Promise<Response>
}

/** What the app takes over from the early script. */
export type Claimed = { messages: MessageEvent[]; config: Promise<Response> | undefined }

/** The frame's window, narrowed so tests can pass a fake. */
type EarlyWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  parent: Pick<Window, 'postMessage'>
  location: Pick<Location, 'pathname'>
  fetch(url: string, init: RequestInit): Promise<Response>
}

/**
 * The early script's body. The app announces itself when it starts first (the property is already
 * set then), and only the modal at `/`, inside a host page, announces at all.
 */
export function announce(self: EarlyWindow, ready: FrameReady, key: string, most: number): void {
  const slot = self as unknown as Record<string, unknown>
  if (slot[key] || self.parent === (self as unknown) || self.location.pathname !== '/') return
  const kept: MessageEvent[] = []
  const keep = (event: MessageEvent) => {
    const data = event.data as { channel?: unknown; type?: unknown } | null
    // Only the embedding window's handshake counts; the host channel checks the rest of it.
    if (
      kept.length < most &&
      event.source === self.parent &&
      data?.channel === ready.channel &&
      data.type === 'host:init'
    )
      kept.push(event)
  }
  self.addEventListener('message', keep as EventListener)
  const config = self.fetch(frameConfigUrl, frameConfigRequest())
  // The app reads it; until then a failure is only kept, never reported as unhandled.
  config.catch(() => {})
  slot[key] = {
    take() {
      self.removeEventListener('message', keep as EventListener)
      return kept.splice(0)
    },
    config,
  } satisfies Early
  self.parent.postMessage(ready, '*')
}

/**
 * The app's side, once: the host:init messages the early script kept and the configuration it is
 * fetching, or undefined when it has not announced (the host channel then says frame:ready itself,
 * and the app fetches the configuration). Either way an early script that runs later finds the
 * property set and does nothing.
 */
export function claim(self: object): Claimed | undefined {
  const slot = self as Record<string, unknown>
  const early = slot[earlyKey] as Partial<Early> | undefined
  slot[earlyKey] = { take: () => [] } satisfies Early
  if (typeof early?.take !== 'function') return undefined
  return { messages: early.take(), config: early.config }
}
