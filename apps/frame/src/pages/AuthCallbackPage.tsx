// /auth/callback: the social login popup's last stop (the API redirects here after the provider).
// It carries no secret — the frame learns the result by asking the API about its attempt, because a
// Cross-Origin-Opener-Policy anywhere in the chain cuts the popup off from its opener — so all this
// page does is close the popup, or say what happened when it cannot.
import { useEffect, useMemo } from 'react'

export function AuthCallbackPage() {
  const status = useMemo(() => new URLSearchParams(location.search).get('status'), [])
  useEffect(() => {
    window.close()
  }, [])
  return (
    <main className="wf-page" data-testid="wf-auth-callback">
      <h1>{status === 'ready' ? 'Signed in' : 'The login did not complete'}</h1>
      <p>You can close this window and return to the app.</p>
    </main>
  )
}
