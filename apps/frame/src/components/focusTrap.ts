// Keeps keyboard focus inside the dialog while it is open (WAI-ARIA dialog pattern) and closes it
// on Escape; gives focus back to what had it when the trap ends.
const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function trapFocus(container: HTMLElement, onEscape: () => void): () => void {
  const previous = container.ownerDocument.activeElement as HTMLElement | null
  const elements = () => [...container.querySelectorAll<HTMLElement>(focusable)]
  const first = elements()[0]
  ;(first ?? container).focus({ preventScroll: true })

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onEscape()
      return
    }
    if (event.key !== 'Tab') return
    const list = elements()
    if (list.length === 0) return event.preventDefault()
    const active = container.ownerDocument.activeElement
    const head = list[0] as HTMLElement
    const tail = list[list.length - 1] as HTMLElement
    if (event.shiftKey && (active === head || !container.contains(active))) {
      event.preventDefault()
      tail.focus()
    } else if (!event.shiftKey && (active === tail || !container.contains(active))) {
      event.preventDefault()
      head.focus()
    }
  }
  container.ownerDocument.addEventListener('keydown', onKeyDown)
  return () => {
    container.ownerDocument.removeEventListener('keydown', onKeyDown)
    previous?.focus?.({ preventScroll: true })
  }
}
