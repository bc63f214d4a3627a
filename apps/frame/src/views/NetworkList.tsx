// The configured networks as buttons; the active one is marked. Shared by Networks and UnsupportedChain.
import { useController } from '../ModalApp.js'
import { useStore } from '../state/store.js'

export function NetworkList() {
  const controller = useController()
  const networks = useStore(controller.stores.networks)
  return (
    <ul className="wf-stack wf-plain-list">
      {networks.available.map((network) => {
        const active =
          networks.unsupportedChainId === undefined &&
          network.caipNetworkId === networks.active?.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="wf-list-item"
              aria-current={active}
              data-testid={`wf-network-${network.caipNetworkId}`}
              onClick={() =>
                void controller
                  .switchNetwork(network.caipNetworkId)
                  .then(() => {
                    if (controller.stores.modal.get().open) controller.navigation.back()
                  })
                  .catch((error: Error) => controller.stores.toasts.error(error.message))
              }
            >
              <span>{network.name}</span>
              {active ? <span className="wf-tag">Active</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
