// Where the frame's runtime configuration is served, beside the static files: a module of its own so
// the early script (host/earlyReady.ts) starts fetching it without bundling its schema.
export const frameConfigUrl = '/frame-config.json'

/** How the frame fetches it: never from the HTTP cache (an operator's change applies at once), 10 s at most. */
export const frameConfigRequest = (): RequestInit => ({
  cache: 'no-store',
  signal: AbortSignal.timeout(10_000),
})
