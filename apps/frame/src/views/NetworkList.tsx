// The configured networks as buttons; the active one is marked. Shared by Networks and UnsupportedChain.
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Navigation from '../core/actions/navigation.js'

export function NetworkList() {
  const { core, actions } = useFrame()
  const networks = useStore(core.networks)
  const messages = useViewMessages().networks
  return (
    <ul className="wf-stack wf-plain-list">
      {networks.available.map((network) => {
        const active =
          networks.unsupported === undefined && network.caipNetworkId === networks.active?.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="wf-list-item"
              aria-current={active}
              data-testid={`wf-network-${network.caipNetworkId}`}
              onClick={() =>
                void actions
                  .switchNetwork(network.caipNetworkId)
                  .then(() => {
                    if (core.modal.get().open) Navigation.back(core)
                  })
                  .catch((error: Error) => core.toasts.error(error.message))
              }
            >
              <span>{network.name}</span>
              {active ? <span className="wf-tag">{messages.active}</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
