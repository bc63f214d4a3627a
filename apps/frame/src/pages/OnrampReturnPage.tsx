// /onramp/return: where the on-ramp checkout sends the popup when done. It hands the result to the
// frame that opened it (same origin, so only that frame may read it) and closes the popup.
import { OnrampReturn } from '@walletframe/protocol'
import { useEffect, useMemo } from 'react'
import { onrampMessages } from '../core/onrampMessages.js'
import { usePageMessages } from './pageMessages.js'

export function OnrampReturnPage() {
  const result = useMemo(
    () => OnrampReturn.safeParse(Object.fromEntries(new URLSearchParams(location.search))),
    [],
  )
  const opener = useMemo(() => window.opener as Window | null, [])
  const { messages } = usePageMessages()
  const words = messages.pages.onramp
  useEffect(() => {
    if (!result.success || !opener) return
    opener.postMessage({ type: onrampMessages.returnMessageType, ...result.data }, location.origin)
    window.close()
  }, [result, opener])
  if (!result.success)
    return (
      <main className="wf-page">
        <p>{words.noPurchase}</p>
      </main>
    )
  return (
    <main className="wf-page" data-testid="wf-onramp-return">
      <h1>
        {result.data.status === 'success' ? messages.errors.purchaseComplete : messages.errors.purchaseFailed}
      </h1>
      <p>{opener ? words.returning : words.closeWindow}</p>
    </main>
  )
}
