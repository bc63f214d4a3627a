// Buy: crypto for the connected account on the active network, through the
// on-ramp provider the API serves — the form, its quote and the checkout popup are in onramp/.
import { useQuery } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Connection from '../core/connection.js'
import type { Client } from '../data/client.js'
import * as OnrampQueries from '../queries/onramp.js'
import { NotAvailable } from './NotAvailable.js'
import { BuyForm } from './onramp/BuyForm.js'

export function WalletBuy() {
  const { api } = useFrame()
  const words = useViewMessages().buy
  if (!api) return <NotAvailable feature={words.feature} />
  return <Buy api={api} />
}

function Buy({ api }: { api: Client }) {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const { active: network } = useStore(core.networks)
  const address = network && Connection.addressOn(connection.accounts, network)
  const options = useQuery(OnrampQueries.options(api))
  const messages = useViewMessages()
  if (!network || !address || connection.status !== 'connected')
    return <p className="wf-muted">{messages.funds.noAccount}</p>
  if (options.isPending) return <p className="wf-muted">{messages.buy.loading}</p>
  if (options.isError)
    return (
      <p className="wf-error" role="alert" data-testid="wf-buy-error">
        {messages.errors.optionsFailed}
      </p>
    )
  return <BuyForm api={api} options={options.data} network={network} address={address} />
}
