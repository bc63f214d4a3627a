// Where a new passkey is made: in the frame's cross-origin iframe, or in a window on the frame origin.
// Safari (WebKit) rejects navigator.credentials.create in a cross-origin iframe whatever the iframe's
// `allow` attribute says; Chromium allows it with the attribute and the click's activation. Kept apart
// from the window's hand-over (passkeyWindow.ts) so the login's first screen loads no schema for it.

/** The frame-origin page the window opens on. */
export const path = '/passkey'

/**
 * Whether a new passkey needs the window: anywhere but Chromium. `navigator.userAgentData` is
 * Chromium's alone, and Chromium is the one engine known to create passkeys in a cross-origin iframe.
 */
export function needed(nav: object = navigator): boolean {
  return (nav as { userAgentData?: unknown }).userAgentData === undefined
}
