import { useController } from '../ModalApp.js'
import { useStore } from '../state/store.js'

export function ToastView() {
  const toast = useStore(useController().stores.toasts)
  return (
    <div
      className="wf-toast"
      role="status"
      aria-live="polite"
      data-open={toast.open}
      data-variant={toast.variant}
      data-testid="wf-toast"
    >
      {toast.message}
    </div>
  )
}
