// Receive: the active namespace's address as a QR code, to copy, and the networks it is valid on
// (the host's networks of that namespace). A QR code carries no network: the list says where
// sending to this address arrives.
import { useFrame } from '../app/context.js'
import { CopyButton } from '../components/CopyButton.js'
import { QrCode } from '../components/QrCode.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Connection from '../core/connection.js'

export function WalletReceive() {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const networks = useStore(core.networks)
  const messages = useViewMessages()
  const words = messages.receive
  const active = networks.active
  const address = active ? Connection.addressOn(connection.accounts, active) : undefined
  if (connection.status !== 'connected' || !active || !address)
    return <p className="wf-muted">{messages.funds.noAccount}</p>
  const validOn = networks.available.filter(
    (network) =>
      network.chainNamespace === active.chainNamespace &&
      Connection.addressOn(connection.accounts, network) === address,
  )
  return (
    <div className="wf-stack wf-qr-block" data-testid="wf-receive">
      <QrCode value={address} alt={words.qrAlt(address)} testId="wf-receive-qr" />
      <p className="wf-address-full" data-testid="wf-receive-address">
        {address}
      </p>
      <CopyButton text={address} label={words.copy} copiedLabel={words.copied} testId="wf-receive-copy" />
      <p className="wf-muted">{words.onlyOn}</p>
      <ul className="wf-network-tags" data-testid="wf-receive-networks">
        {validOn.map((network) => (
          <li key={network.caipNetworkId} className="wf-tag" data-network={network.caipNetworkId}>
            {network.name}
          </li>
        ))}
      </ul>
    </div>
  )
}
