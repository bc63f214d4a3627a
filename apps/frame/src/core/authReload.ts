// Leaving ConnectingFarcaster with no address reloads the auth connector and re-syncs app data
// after 100 ms. The embedded wallet loads late (with its first use), so it registers what a reload does
// here when it loads; the view stack's `reloadAuthConnector` effect runs whatever is registered then.
const reloads = new WeakMap<object, () => void>()

/** What reloading the auth connector of the frame that owns `owner` (its modal store) does. */
export function register(owner: object, reload: () => void): void {
  reloads.set(owner, reload)
}

/** Runs the registered reload after `delayMs` (nothing registered: the wallet never loaded, nothing waits). */
export function schedule(
  owner: object,
  delayMs: number,
  timers: Pick<typeof globalThis, 'setTimeout'> = globalThis,
): void {
  timers.setTimeout(() => reloads.get(owner)?.(), delayMs)
}
