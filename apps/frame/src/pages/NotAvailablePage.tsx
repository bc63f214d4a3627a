// Landing pages of features this build does not ship say so instead of pretending to work.
export function NotAvailablePage({ what }: { what: string }) {
  return (
    <main className="wf-page">
      <h1>Walletframe</h1>
      <p>{what} is not available in this version of Walletframe.</p>
    </main>
  )
}
