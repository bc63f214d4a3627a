// Resolves in the frame when a view (Connect by default) is on screen (the animation frame after it has
// content), with the epoch time of that paint; the host compares it with when it called open().
import type { Frame } from '@playwright/test'

/** Arms the watch in `frame`; then call open() in the host and await `connectPainted(frame)`. */
export function watchConnectPaint(frame: Frame): Promise<void> {
  return watchPaint(frame, '.wf-root[data-open="true"] [data-testid="wf-view-Connect"]')
}

/**
 * Arms a watch for the first element matching `selector` that has content; `connectPainted(frame)`
 * then resolves with the epoch time of the animation frame after it appeared.
 */
export async function watchPaint(frame: Frame, selector: string): Promise<void> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await frame.evaluate(`window.__painted = new Promise((resolve) => {
    function check() {
      const view = document.querySelector(${JSON.stringify(selector)})
      if (view && view.firstChild) requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()))
      else requestAnimationFrame(check)
    }
    check()
  }); undefined`)
}

export function connectPainted(frame: Frame): Promise<number> {
  return frame.evaluate(() => (window as unknown as { __painted: Promise<number> }).__painted)
}

/** Calls open() on the demo page's instance; returns the epoch time of the call. */
export function openAt(page: import('@playwright/test').Page, options?: { view: string }): Promise<number> {
  return page.evaluate((options) => {
    const at = performance.timeOrigin + performance.now()
    void (window as unknown as { walletframe: { open(options?: object): Promise<void> } }).walletframe.open(
      options,
    )
    return at
  }, options)
}
