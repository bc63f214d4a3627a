// Popups on the frame's behalf (the on-ramp checkout, social login): opened in the click handler itself, since a
// browser blocks window.open once an await has passed the user's gesture; then followed until the
// page it went to comes back to the frame origin and reports, or until the user closes it.

/** What the frame uses of a popup's WindowProxy (cross-origin most of its life). */
export type Popup = Pick<Window, 'closed' | 'close' | 'focus'> & { location: Pick<Location, 'replace'> }

/** A popup the frame also talks to (social login hands its popup page the attempt by postMessage). */
export type MessagingPopup = Popup & Pick<Window, 'postMessage'>

/** Centered over the modal, the size of a checkout page. */
const features = 'popup=yes,width=480,height=720'

/**
 * `path` (or a full address) of one of the frame origin's own pages, with the language the frame
 * speaks (`locale`) for the page to speak it too (locale/pageLocale.ts reads it there).
 */
export function localized(path: string, locale: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}locale=${encodeURIComponent(locale)}`
}

/** Opens `url` (about:blank to navigate later) now; null when the browser blocked it. */
export function open(url: string, name = 'walletframe-checkout'): MessagingPopup | null {
  return window.open(url, name, features)
}

export declare namespace watch {
  type Options = {
    /** Messages are taken only from this origin (the frame's own return page). */
    origin: string
    /** The `type` the return page posts. */
    type: string
    /** How often to look whether the user closed the popup. */
    pollMs?: number
  }
}

/**
 * The data the popup's return page posts (its `type` field matching), or undefined once the popup
 * is closed without one. A message from any other window or origin is ignored.
 */
export function watch(popup: Popup, options: watch.Options): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== options.origin || event.source !== (popup as unknown)) return
      const data = event.data as { type?: unknown } | null
      if (typeof data !== 'object' || data === null || data.type !== options.type) return
      finish(data as Record<string, unknown>)
    }
    // The return page posts its result and closes itself at once, and `closed` can read true here
    // before that message is dispatched: a popup seen closed gets one more interval for its message.
    let closedSeen = false
    const timer = setInterval(() => {
      if (closedSeen) finish(undefined)
      else closedSeen = popup.closed
    }, options.pollMs ?? 500)
    function finish(result: Record<string, unknown> | undefined) {
      clearInterval(timer)
      window.removeEventListener('message', onMessage)
      resolve(result)
    }
    window.addEventListener('message', onMessage)
  })
}
