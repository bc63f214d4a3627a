import { useController } from '../ModalApp.js'
import { useStore } from '../state/store.js'

export function NotificationBanner() {
  const controller = useController()
  const notification = useStore(controller.stores.notification)
  if (!notification.open) return null
  return (
    <div
      className="wf-notification"
      role="alert"
      data-variant={notification.variant}
      data-testid="wf-notification"
    >
      <span>{notification.message}</span>
      <button
        type="button"
        className="wf-icon-button"
        aria-label="Dismiss"
        onClick={() => controller.stores.notification.hide()}
      >
        ×
      </button>
    </div>
  )
}
