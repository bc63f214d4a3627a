import { NetworkList } from './NetworkList.js'

export function UnsupportedChain() {
  return (
    <div className="wf-stack">
      <p className="wf-muted" data-testid="wf-unsupported-message">
        This app doesn’t support your current network. Switch to an available option to continue.
      </p>
      <NetworkList />
    </div>
  )
}
