// Where the demo finds the frame. `npm start` and the e2e servers answer /demo-config.json with the
// local stack's URLs; under `vite dev` the VITE_WALLETFRAME_* variables (or their defaults) apply.
export type DemoConfig = {
  frameUrl: string
  projectId: string
  networks: `${string}:${string}`[]
  /** Sign-in with a signed message: `?siwx=optional` or `?siwx=required` on the page's URL. */
  siwx?: { required: boolean } | undefined
  /** `?analytics=off` on the page's URL turns the frame's analytics off (`features.analytics`). */
  features?: { analytics: false } | undefined
  /** `?locale=ja` on the page's URL: the modal's language (else the browser's). */
  locale?: string | undefined
}

function siwxFromUrl(): DemoConfig['siwx'] {
  const mode = new URLSearchParams(location.search).get('siwx')
  return mode === 'required' || mode === 'optional' ? { required: mode === 'required' } : undefined
}

function fromEnv(): DemoConfig {
  const networks = (import.meta.env.VITE_WALLETFRAME_NETWORKS ?? 'eip155:1,eip155:8453')
    .split(',')
    .map((id: string) => id.trim())
    .filter(Boolean) as DemoConfig['networks']
  return {
    frameUrl: import.meta.env.VITE_WALLETFRAME_FRAME_URL ?? 'http://localhost:5174',
    projectId: import.meta.env.VITE_WALLETFRAME_PROJECT_ID ?? 'local-dev',
    networks,
    siwx: siwxFromUrl(),
    features:
      new URLSearchParams(location.search).get('analytics') === 'off' ? { analytics: false } : undefined,
    locale: new URLSearchParams(location.search).get('locale') ?? undefined,
  }
}

export async function load(): Promise<DemoConfig> {
  const env = fromEnv()
  try {
    const response = await fetch('/demo-config.json', { cache: 'no-store' })
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return env
    return { ...env, ...((await response.json()) as Partial<DemoConfig>) }
  } catch {
    return env
  }
}
