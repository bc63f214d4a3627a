import { useFrame } from '../app/context.js'
import { useStore } from './useStore.js'

export function ToastView() {
  const toast = useStore(useFrame().core.toasts)
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
