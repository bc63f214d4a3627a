// Modal state: open or closed, the view stack, loading, and a 500 ms shake.

import * as Store from '../lib/store.js'
import type * as ViewStack from './viewStack.js'

export type ModalState = {
  readonly open: boolean
  readonly stack: ViewStack.ViewStack
  readonly loading: boolean
  readonly shake: boolean
}

export const shakeMs = 500

export function create(timers: Pick<typeof globalThis, 'setTimeout'> = globalThis) {
  const store = Store.create<ModalState>({
    open: false,
    stack: { history: ['Connect'], transactions: [] },
    loading: false,
    shake: false,
  })
  return {
    ...store,
    setStack(stack: ViewStack.ViewStack) {
      store.set((state) => ({ ...state, stack }))
    },
    setOpen(open: boolean) {
      store.set((state) => (state.open === open ? state : { ...state, open }))
    },
    setLoading(loading: boolean) {
      store.set((state) => ({ ...state, loading }))
    },
    /** Shakes the modal to say "not possible" (e.g. close while sign-in is required). */
    shake() {
      store.set((state) => ({ ...state, shake: true }))
      timers.setTimeout(() => store.set((state) => ({ ...state, shake: false })), shakeMs)
    },
  }
}
export type ModalStore = ReturnType<typeof create>
