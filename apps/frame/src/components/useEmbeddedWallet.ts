// The embedded wallet's login module for an Account section, once it is loaded, with who is signed
// in: undefined while the frame is not connected with the embedded wallet or the module is loading.
import { useEffect, useState } from 'react'
import { useFrame } from '../app/context.js'
import type { EmbeddedLogin } from '../lib/embeddedLogin.js'
import { useStore } from './useStore.js'

export function useEmbeddedWallet(): { wallet: EmbeddedLogin; user: string } | undefined {
  const frame = useFrame()
  const connection = useStore(frame.core.connection)
  const info = connection.connector?.embeddedWalletInfo
  const [wallet, setWallet] = useState<EmbeddedLogin>()
  useEffect(() => {
    if (!info) return
    let live = true
    frame
      .embedded()
      .then((loaded) => {
        if (live) setWallet(loaded)
      })
      .catch((error: unknown) => console.error('[walletframe] the embedded wallet did not load', error))
    return () => {
      live = false
    }
  }, [frame, info])
  if (connection.status !== 'connected' || !info || !wallet) return undefined
  // Who is signed in keys the section's queries: two users of one frame never share an answer.
  return { wallet, user: `${info.authProvider}:${info.user.email ?? info.user.username ?? ''}` }
}
