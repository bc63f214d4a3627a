// useSyncExternalStore over one value of the instance in context. The server snapshot (also what
// hydration renders with, and what renders before an instance exists) is the value a fresh instance
// starts with, so server HTML and the first client render agree; React re-renders with the live
// value right after hydrating.
import { useCallback, useContext, useSyncExternalStore } from 'react'
import type { Walletframe } from '../../createWalletframe.js'
import { WalletframeContext } from '../context.js'

export function useInstanceStore<T>(
  subscribe: (instance: Walletframe, onChange: () => void) => () => void,
  read: (instance: Walletframe) => T,
  initial: T,
): T {
  const instance = useContext(WalletframeContext)
  // Stable per instance, so React does not resubscribe on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribe and read are module constants
  const onStoreChange = useCallback(
    (onChange: () => void) => (instance ? subscribe(instance, onChange) : () => {}),
    [instance],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const getSnapshot = useCallback(() => (instance ? read(instance) : initial), [instance])
  return useSyncExternalStore(onStoreChange, getSnapshot, () => initial)
}
