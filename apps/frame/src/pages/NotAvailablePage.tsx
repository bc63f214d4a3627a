// Landing pages of features this build does not ship say so instead of pretending to work.
import { usePageMessages } from './pageMessages.js'

/** `what` is the feature's name; by default, "This page". */
export function NotAvailablePage({ what }: { what?: string }) {
  const { messages } = usePageMessages()
  return (
    <main className="wf-page">
      <h1>Walletframe</h1>
      <p>{messages.notAvailable(what ?? messages.pages.thisPage)}</p>
    </main>
  )
}
