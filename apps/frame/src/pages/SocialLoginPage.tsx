// /auth/social: the social login popup's first page, opened by the frame in the click. It takes the
// attempt and its binding secret from the frame that opened it, keeps them for /auth/callback in this
// tab's storage, and goes on to the provider. Nothing of it is in the address, which could be sent to
// someone else.
import { useEffect, useState } from 'react'
import { messageOf } from '../lib/errors.js'
import { usePageMessages } from './pageMessages.js'
import * as SocialLogin from './socialLogin.js'

export function SocialLoginPage() {
  const [error, setError] = useState<string>()
  const { messages, localize } = usePageMessages()
  const words = messages.pages.social
  useEffect(() => {
    const abort = new AbortController()
    SocialLogin.awaitBegin({ win: window, signal: abort.signal }).then(
      (message) => {
        try {
          SocialLogin.begin(window, sessionStorage, message)
        } catch (failure) {
          // No storage for this tab: the callback could not finish the login, so do not start it.
          setError(words.noStorage(messageOf(failure)))
        }
      },
      (failure) => {
        if (!abort.signal.aborted) setError(messageOf(failure))
      },
    )
    return () => abort.abort()
  }, [words])
  return (
    <main className="wf-page" data-testid="wf-social-popup">
      {error ? (
        <p className="wf-error" role="alert" data-testid="wf-social-popup-error">
          {localize(error)}
        </p>
      ) : (
        <p>{words.opening}</p>
      )}
    </main>
  )
}
