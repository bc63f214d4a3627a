// /auth/callback under the router: for a server that answers every path with index.html instead of
// the page's own auth/callback.html. The same steps (authCallback.ts), in the element React renders.
import { useEffect, useRef } from 'react'
import { run } from './authCallback.js'

export function AuthCallbackPage() {
  const root = useRef<HTMLDivElement>(null)
  // Once per page: finishing spends the stored hand-over (React's development mode runs effects twice).
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !root.current) return
    started.current = true
    void run(root.current)
  }, [])
  return <div ref={root} />
}
