import { useViewMessages } from '../components/useViewMessages.js'
import { NetworkList } from './NetworkList.js'

export function UnsupportedChain() {
  return (
    <div className="wf-stack">
      <p className="wf-muted" data-testid="wf-unsupported-message">
        {useViewMessages().networks.unsupported}
      </p>
      <NetworkList />
    </div>
  )
}
