// Tracking events the frame emits (SPEC §4: CONNECT_SUCCESS and friends). Listeners decide where
// they go (the API's POST /e once it exists); with none, events are dropped — analytics is optional.
export type TrackEvent =
  | {
      readonly event: 'CONNECT_SUCCESS'
      readonly properties: { method: 'mobile' | 'qrcode' | 'browser'; name: string }
    }
  | { readonly event: 'CONNECT_ERROR'; readonly properties: { message: string } }
  | { readonly event: 'SELECT_WALLET'; readonly properties: { name: string; platform: 'mobile' | 'qrcode' } }

export type Listener = (event: TrackEvent & { readonly timestamp: number }) => void

export function create(now: () => number = Date.now) {
  const listeners = new Set<Listener>()
  return {
    track(event: TrackEvent) {
      for (const listener of listeners) {
        // A broken listener must not break the connect flow that reported the event.
        try {
          listener({ ...event, timestamp: now() })
        } catch (error) {
          console.error('[walletframe] analytics listener failed', error)
        }
      }
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
export type Analytics = ReturnType<typeof create>
