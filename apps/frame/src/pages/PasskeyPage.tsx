// /passkey: the window on the frame origin where a browser that refuses WebAuthn create in the frame's
// cross-origin iframe (Safari) makes the passkey. It takes the API's options from the frame that opened
// it, and creates the passkey on the user's click here (the activation the browser asks for), then
// hands the credential back and closes.
import { useEffect, useState } from 'react'
import { messageOf } from '../lib/errors.js'
import * as PasskeyWindow from '../lib/passkeyWindow.js'
import * as WebAuthn from '../lib/webauthn.js'
import { usePageMessages } from './pageMessages.js'

export function PasskeyPage() {
  const [request, setRequest] = useState<PasskeyWindow.Create>()
  const [error, setError] = useState<string>()
  const words = usePageMessages()
  const messages = words.messages.pages
  // The window that opened this one, as it was at load: a later navigation of it changes nothing here.
  const [opener] = useState(() => window.opener as Window | null)
  useEffect(() => {
    if (!opener) return
    const onMessage = (event: MessageEvent) => {
      if (event.source !== opener || event.origin !== window.location.origin) return
      const parsed = PasskeyWindow.Create.safeParse(event.data)
      if (parsed.success) setRequest(parsed.data)
    }
    window.addEventListener('message', onMessage)
    // Hello until answered: the frame may still be asking the API for the options.
    const hello = () => opener.postMessage({ type: PasskeyWindow.helloType }, window.location.origin)
    hello()
    const timer = setInterval(hello, 500)
    return () => {
      clearInterval(timer)
      window.removeEventListener('message', onMessage)
    }
  }, [opener])
  const create = async () => {
    if (!request || !opener) return
    const answer = (result: Omit<PasskeyWindow.Result, 'type'>) =>
      opener.postMessage({ type: PasskeyWindow.resultType, ...result }, window.location.origin)
    try {
      const { credential, prf } = await WebAuthn.create(request.options)
      answer({
        credential,
        prf: { enabled: prf.enabled, ...(prf.output ? { output: WebAuthn.toText(prf.output) } : {}) },
      })
      window.close()
    } catch (failure) {
      const code = (failure as { code?: unknown }).code
      if (code === 4001) {
        answer({ error: { code: 4001, message: messageOf(failure) } })
        window.close()
        return
      }
      setError(messageOf(failure))
      answer({ error: { message: messageOf(failure) } })
    }
  }

  return (
    <main className="wf-page" data-testid="wf-passkey-page">
      {!opener ? (
        <p className="wf-error" role="alert">
          {messages.notOpenedByWallet}
        </p>
      ) : error ? (
        <p className="wf-error" role="alert" data-testid="wf-passkey-page-error">
          {words.localize(error)}
        </p>
      ) : (
        <button
          type="button"
          className="wf-button"
          disabled={!request}
          data-testid="wf-passkey-page-create"
          onClick={() => void create()}
        >
          {request ? messages.passkey.create : messages.preparing}
        </button>
      )}
    </main>
  )
}
