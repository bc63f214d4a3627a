// Views whose capability ships in a later version say so plainly instead of pretending to work.
export function NotAvailable({ feature }: { feature: string }) {
  return (
    <p className="wf-muted" data-testid="wf-not-available">
      {feature} is not available in this version of Walletframe.
    </p>
  )
}
