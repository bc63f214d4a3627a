// Toasts: one at a time; a new message while one is open closes it and shows the
// new one after 150 ms so the change is visible.
import * as Store from '../lib/store.js'

export type ToastVariant = 'success' | 'loading' | 'error'
export type Toast = {
  readonly message: string
  readonly variant: ToastVariant
  readonly open: boolean
  readonly autoClose: boolean
}

export const swapDelayMs = 150
export const autoCloseMs = 2500

export type Timers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>

export function create(timers: Timers = globalThis) {
  const store = Store.create<Toast>({ message: '', variant: 'success', open: false, autoClose: true })
  let pending: ReturnType<typeof setTimeout> | undefined
  let closing: ReturnType<typeof setTimeout> | undefined

  function clearTimers() {
    if (pending !== undefined) timers.clearTimeout(pending)
    if (closing !== undefined) timers.clearTimeout(closing)
    pending = closing = undefined
  }

  function display(toast: Omit<Toast, 'open'>) {
    store.set({ ...toast, open: true })
    if (toast.autoClose) closing = timers.setTimeout(hide, autoCloseMs)
  }

  function show(message: string, variant: ToastVariant, options: { autoClose?: boolean } = {}) {
    const next = { message, variant, autoClose: options.autoClose ?? variant !== 'loading' }
    clearTimers()
    if (store.get().open) {
      store.set((previous) => ({ ...previous, open: false }))
      pending = timers.setTimeout(() => {
        pending = undefined
        display(next)
      }, swapDelayMs)
      return
    }
    display(next)
  }

  function hide() {
    clearTimers()
    store.set((previous) => (previous.open ? { ...previous, open: false } : previous))
  }

  return {
    ...store,
    show,
    hide,
    success: (message: string) => show(message, 'success'),
    error: (message: string) => show(message, 'error'),
    loading: (message: string) => show(message, 'loading'),
  }
}
export type ToastStore = ReturnType<typeof create>
