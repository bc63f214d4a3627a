import { useFrame } from '../app/context.js'
import { useStore } from './useStore.js'

export function NotificationBanner() {
  const { core } = useFrame()
  const notification = useStore(core.notification)
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
        onClick={() => core.notification.hide()}
      >
        ×
      </button>
    </div>
  )
}
