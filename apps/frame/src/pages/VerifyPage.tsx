// /verify: the page the device-approval link in the login mail opens. Approval is a POST made when
// the user presses the button — never on load, because mail scanners fetch links — after which the
// code is mailed and the login continues in the window that asked.
import { DeviceApprovalResponse } from '@walletframe/protocol'
import { useMemo, useState } from 'react'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import { messageOf } from '../lib/errors.js'

export function VerifyPage() {
  const query = useMemo(() => new URLSearchParams(location.search), [])
  const projectId = query.get('projectId') ?? undefined
  const token = query.get('token') ?? ''
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const [error, setError] = useState<string>()

  async function approve() {
    setState('busy')
    setError(undefined)
    try {
      const config = await FrameConfigFile.load()
      if (!config.apiUrl) throw new Error('This wallet has no login service configured')
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
        <p>This page approves a device for an email login; it was opened without an approval link.</p>
      </main>
    )
  return (
    <main className="wf-page" data-testid="wf-verify">
      <h1>Approve this device?</h1>
      {state === 'done' ? (
        <p data-testid="wf-verify-done">
          Approved. We sent you a code: enter it in the window where you logged in.
        </p>
      ) : (
        <>
          <p>Someone is logging in with your email address on a new device. Approve only if it was you.</p>
          <button
            type="button"
            className="wf-button"
            disabled={state === 'busy'}
            data-testid="wf-verify-approve"
            onClick={() => void approve()}
          >
            Approve device
          </button>
        </>
      )}
      {error ? (
        <p className="wf-error" role="alert">
          {error}
        </p>
      ) : null}
    </main>
  )
}
