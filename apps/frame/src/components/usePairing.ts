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
  const { core } = useFrame()
  const { offered, pairing } = useStore(core.pairing)
  useEffect(() => {
    if (!pairing && offered)
      void core.pairing.load().catch((error: Error) => core.toasts.error(error.message))
  }, [pairing, offered, core])
  if (pairing) return { state: 'ready', pairing }
  return offered ? { state: 'loading' } : { state: 'unavailable' }
}
