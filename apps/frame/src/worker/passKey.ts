// The API's pass key as the Worker learns it: from the frame origin's own /frame-config.json, fetched
// by the Worker itself. The page that talks to the Worker never hands it in, so a script there cannot
// swap in a key whose passes it signs.
import { FrameConfig } from '@walletframe/protocol'

/** Loads the key on first use and keeps the answer; an unreachable or invalid config names no key. */
export function fromFrameConfig(
  url = new URL('/frame-config.json', self.location.origin).href,
  doFetch: typeof fetch = fetch,
): () => Promise<string | undefined> {
  let loaded: Promise<string | undefined> | undefined
  const load = async () => {
    try {
      const response = await doFetch(url, { cache: 'no-store' })
      const parsed = FrameConfig.safeParse(await response.json())
      return parsed.success ? parsed.data.passKey : undefined
    } catch {
      return undefined
    }
  }
  return () => {
    loaded ??= load().then((key) => {
      // A failed load is tried again on the next action rather than remembered.
      if (key === undefined) loaded = undefined
      return key
    })
    return loaded
  }
}
