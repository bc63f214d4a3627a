// The embedded wallet's login and settings for a view, once its chunk has loaded (it is loaded while
// the embedded wallet is connected; `enabled` false asks for nothing).
import { useEffect, useState } from 'react'
import { useFrame } from '../app/context.js'
import type { EmbeddedLogin } from '../lib/embeddedLogin.js'

export function useEmbeddedLogin(enabled: boolean): EmbeddedLogin | undefined {
  const frame = useFrame()
  const [login, setLogin] = useState<EmbeddedLogin>()
  useEffect(() => {
    if (!enabled) return
    let live = true
    frame
      .embedded()
      .then((loaded) => {
        if (live) setLogin(loaded)
      })
      .catch((error: unknown) => console.error('[walletframe] the embedded wallet did not load', error))
    return () => {
      live = false
    }
  }, [frame, enabled])
  return login
}
