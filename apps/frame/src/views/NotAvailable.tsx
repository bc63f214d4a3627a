// Views whose capability ships in a later version say so plainly instead of pretending to work.
import { useViewMessages } from '../components/useViewMessages.js'

export function NotAvailable({ feature }: { feature: string }) {
  return (
    <p className="wf-muted" data-testid="wf-not-available">
      {useViewMessages().notAvailable(feature)}
    </p>
  )
}
