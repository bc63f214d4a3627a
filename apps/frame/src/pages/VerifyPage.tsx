// /verify: the page the device-approval link in the login mail opens. Approval is a POST made when
// the user presses the button — never on load, because mail scanners fetch links — after which the
// code is mailed and the login continues in the window that asked.
import { DeviceApprovalResponse } from '@walletframe/protocol'
import { useMemo, useState } from 'react'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import { messageOf } from '../lib/errors.js'
import { loginMessages } from '../lib/loginMessages.js'
import { usePageMessages } from './pageMessages.js'

export function VerifyPage() {
  const query = useMemo(() => new URLSearchParams(location.search), [])
  const projectId = query.get('projectId') ?? undefined
  const token = query.get('token') ?? ''
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const [error, setError] = useState<string>()
  const { messages, localize } = usePageMessages()
  const words = messages.pages.verify

  async function approve() {
    setState('busy')
    setError(undefined)
    try {
      const config = await FrameConfigFile.load()
      if (!config.apiUrl) throw new Error(loginMessages.noLoginService)
      const client = Client.create({
        apiUrl: config.apiUrl,
        projectId: () => projectId,
        sdk: () => undefined,
      })
      await client.post('/v1/auth/email/device/approve', { token }, { schema: DeviceApprovalResponse })
      setState('done')
    } catch (failure) {
      setError(messageOf(failure))
      setState('idle')
    }
  }

  if (!projectId || !token)
    return (
      <main className="wf-page">
        <p>{words.noLink}</p>
      </main>
    )
  return (
    <main className="wf-page" data-testid="wf-verify">
      <h1>{words.title}</h1>
      {state === 'done' ? (
        <p data-testid="wf-verify-done">{words.done}</p>
      ) : (
        <>
          <p>{words.someone}</p>
          <button
            type="button"
            className="wf-button"
            disabled={state === 'busy'}
            data-testid="wf-verify-approve"
            onClick={() => void approve()}
          >
            {words.approve}
          </button>
        </>
      )}
      {error ? (
        <p className="wf-error" role="alert">
          {localize(error)}
        </p>
      ) : null}
    </main>
  )
}
