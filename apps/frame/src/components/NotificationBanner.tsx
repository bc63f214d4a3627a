import { useFrame } from '../app/context.js'
import { useMessages } from './useMessages.js'
import { useStore } from './useStore.js'

export function NotificationBanner() {
  const { core } = useFrame()
  const notification = useStore(core.notification)
  const messages = useMessages()
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
        aria-label={messages.dismiss}
        onClick={() => core.notification.hide()}
      >
        ×
      </button>
    </div>
  )
}
