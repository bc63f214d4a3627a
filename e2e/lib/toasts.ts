// The frame's toasts as a log. A toast closes itself after 2.5 s, so a spec that polled the toast
// element could miss one shown and closed while the machine was busy; instead every frame of a
// context reports each toast as it opens, and a spec waits for the log to hold the one it expects.
import { type BrowserContext, expect, type FrameLocator } from '@playwright/test'

type ToastLog = {
  /** Every toast text shown so far, in order. */
  shown: string[]
  /** How many of `shown` an earlier `expectToast` has already matched (they are not matched again). */
  consumed: number
}

const logs = new WeakMap<BrowserContext, ToastLog>()
const bindingName = '__walletframeToastShown'

/** Starts recording the toasts of every page and frame `context` opens from now on. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  if (logs.has(context)) return
  const log: ToastLog = { shown: [], consumed: 0 }
  logs.set(context, log)
  await context.exposeBinding(bindingName, (_source, text: string) => {
    log.shown.push(text)
  })
  await context.addInitScript((name: string) => {
    // Runs at document start in every frame: reports the toast each time it opens with a message.
    let last = ''
    const report = () => {
      const toast = document.querySelector('[data-testid="wf-toast"]')
      const text = toast?.getAttribute('data-open') === 'true' ? (toast.textContent ?? '') : ''
      if (text && text !== last) {
        const binding = (window as unknown as Record<string, ((text: string) => void) | undefined>)[name]
        binding?.(text)
      }
      last = text
    }
    new MutationObserver(report).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-open'],
    })
  }, bindingName)
}

/** Every toast text the pages and frames of `context` have shown so far, in order. */
export function toastsShown(context: BrowserContext): readonly string[] {
  const log = logs.get(context)
  if (!log) throw new Error('Toasts are not recorded in this context (recordToasts)')
  return [...log.shown]
}

/**
 * Waits until the modal's page has shown a toast matching `expected` after the last one an earlier
 * call matched, and marks it matched.
 */
export async function expectToast(
  modal: FrameLocator,
  expected: string | RegExp,
  options: { timeout?: number } = {},
): Promise<void> {
  const log = logs.get(modal.owner().page().context())
  if (!log) throw new Error('Toasts are not recorded in this context (recordToasts)')
  const matches = (text: string) => (typeof expected === 'string' ? text === expected : expected.test(text))
  const found = () => log.shown.findIndex((text, index) => index >= log.consumed && matches(text))
  await expect
    .poll(() => (found() >= 0 ? expected : log.shown.slice(log.consumed)), {
      message: `a toast ${String(expected)} (the value is what was shown instead)`,
      ...options,
    })
    .toEqual(expected)
  log.consumed = found() + 1
}
