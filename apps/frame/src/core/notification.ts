// The notification message: a banner inside the modal that stays until dismissed or
// replaced, unlike a toast. Variant defaults to info.
import * as Store from '../lib/store.js'

export type NotificationVariant = 'info' | 'success' | 'warning' | 'error'
export type Notification = {
  readonly message: string
  readonly variant: NotificationVariant
  readonly open: boolean
}

export function create() {
  const store = Store.create<Notification>({ message: '', variant: 'info', open: false })
  return {
    ...store,
    show(message: string, variant: NotificationVariant = 'info') {
      store.set({ message, variant, open: true })
    },
    hide() {
      store.set((state) => (state.open ? { ...state, open: false } : state))
    },
  }
}
export type NotificationStore = ReturnType<typeof create>
