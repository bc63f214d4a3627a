// The QR / deep-link pairing for a view: loads it on first use (it is not in the first bundle).
import { useEffect } from 'react'
import { useFrame } from '../app/context.js'
import type { PairingCapability } from '../core/pairing.js'
import { useStore } from './useStore.js'

export type PairingStatus =
  | { readonly state: 'unavailable' }
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly pairing: PairingCapability }

export function usePairing(): PairingStatus {
  const frame = useFrame()
  const pairing = useStore(frame.pairing)
  useEffect(() => {
    if (!pairing && frame.hasPairing)
      void frame.loadPairing().catch((error: Error) => frame.core.toasts.error(error.message))
  }, [pairing, frame])
  if (pairing) return { state: 'ready', pairing }
  return frame.hasPairing ? { state: 'loading' } : { state: 'unavailable' }
}
