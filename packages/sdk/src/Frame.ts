// The iframe that hosts the frame app: full-viewport and above everything, but invisible and
// click-through until the frame reports its modal open (it is preloaded hidden so open is instant).
import { protocolVersion } from '@walletframe/protocol/guards'

export type Options = {
  /** The host document the iframe is created in. */
  document: Document
  /** Absolute URL of the frame app. */
  frameUrl: string
  projectId: string
}

export type Frame = {
  element: HTMLIFrameElement
  /** Makes the frame visible and interactive and moves focus into it. */
  show(): void
  /** Hides the frame, gives pointer events back to the page and restores the host's focus. */
  hide(): void
  remove(): void
}

export function create({ document, frameUrl, projectId }: Options): Frame {
  const element = document.createElement('iframe')
  const url = new URL(frameUrl)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('v', String(protocolVersion))
  element.src = url.href
  element.title = 'Walletframe'
  // Passkeys (embedded wallet) and copy buttons run inside the cross-origin frame.
  element.setAttribute(
    'allow',
    'clipboard-write; publickey-credentials-get *; publickey-credentials-create *',
  )
  // color-scheme: normal keeps the iframe transparent on dark host pages: browsers paint an opaque
  // backdrop when the frame's color scheme differs from its embedder's (https://fvsch.com/transparent-iframes).
  element.style.cssText =
    'position:fixed;inset:0;width:100%;height:100%;border:0;margin:0;padding:0;background:transparent;color-scheme:normal;z-index:999999'
  /** The host element that had focus before the modal opened. */
  let returnFocus: Element | null = null
  // The frame may focus its dialog before the host hears that the modal opened, so by then the
  // iframe is already the active element: remember the last host element that had focus.
  let lastHostFocus: Element | null = null
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== element) lastHostFocus = event.target as Element
  }
  document.addEventListener('focusin', onFocusIn)

  function setVisible(visible: boolean) {
    element.style.visibility = visible ? 'visible' : 'hidden'
    element.style.pointerEvents = visible ? 'auto' : 'none'
  }
  setVisible(false)

  return {
    element,
    show() {
      const active = document.activeElement
      if (active && active !== element && active !== document.body) returnFocus = active
      else returnFocus ??= lastHostFocus
      setVisible(true)
      element.focus()
    },
    hide() {
      const focusWasInFrame = document.activeElement === element
      setVisible(false)
      const target = returnFocus as HTMLElement | null
      returnFocus = null
      if (focusWasInFrame && target?.isConnected) target.focus()
      else if (focusWasInFrame) element.blur()
    },
    remove() {
      document.removeEventListener('focusin', onFocusIn)
      element.remove()
    },
  }
}
