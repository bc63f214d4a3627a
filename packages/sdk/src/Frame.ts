// The iframe that hosts the frame app: full-viewport and above everything, but invisible and
// click-through until the frame reports its modal open (it is preloaded hidden so open is instant).
// visibility:hidden does both: a hidden box is neither painted nor hit-tested, so clicks reach the
// page beneath.
import { protocolVersion } from './internal/wire.js'

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
  const params = url.searchParams
  params.set('projectId', projectId)
  params.set('v', `${protocolVersion}`)
  element.src = url.href
  element.title = 'Walletframe'
  // Passkeys (embedded wallet) and copy buttons run inside the cross-origin frame.
  element.allow = 'clipboard-write; publickey-credentials-get *; publickey-credentials-create *'
  // all:initial drops whatever the host's stylesheets say about iframes (border, margin, background,
  // max-width, transform, ...). It also sets color-scheme to normal, which keeps the iframe
  // transparent on dark host pages: browsers paint an opaque backdrop when the frame's color scheme
  // differs from its embedder's (https://fvsch.com/transparent-iframes).
  element.style.cssText = 'all:initial;position:fixed;inset:0;width:100%;height:100%;z-index:999999'
  /**
   * Where focus goes back when the modal closes: the last host element that had it. Tracked all
   * along, because the frame may focus its dialog before the host hears that the modal opened.
   */
  let returnFocus = document.activeElement
  const onFocusIn = ({ target }: FocusEvent) => {
    if (target !== element) returnFocus = target as Element
  }
  document.addEventListener('focusin', onFocusIn)

  function setVisible(visible: boolean) {
    element.style.visibility = visible ? 'visible' : 'hidden'
  }
  setVisible(false)

  return {
    element,
    show() {
      setVisible(true)
      element.focus()
    },
    hide() {
      const focusWasInFrame = document.activeElement === element
      setVisible(false)
      // Focus the host moved elsewhere while the modal was open stays where it is. Focusing an
      // element that has left the page does nothing: focus then stays on the body.
      if (focusWasInFrame) {
        element.blur()
        ;(returnFocus as HTMLElement | null)?.focus()
      }
    },
    remove() {
      document.removeEventListener('focusin', onFocusIn)
      element.remove()
    },
  }
}
