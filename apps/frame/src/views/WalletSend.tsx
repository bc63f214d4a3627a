// Send: a token of the active network, an amount and a receiver. The form says what is missing or
// wrong as it is filled in and sends through the connected wallet.
import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useFrame } from '../app/context.js'
import * as SendWiring from '../app/send.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Send from '../core/actions/send.js'
import { SendForm } from './send/SendForm.js'

export function WalletSend() {
  const frame = useFrame()
  const messages = useViewMessages()
  const queryClient = useQueryClient()
  const flow = useMemo(() => SendWiring.create(frame, queryClient), [frame, queryClient])
  // Read to follow the connection and the active network: the form is for the account on it.
  useStore(frame.core.connection)
  useStore(frame.core.networks)
  const from = Send.source(frame.core)
  if (!from) return <p className="wf-muted">{messages.funds.noAccount}</p>
  return <SendForm flow={flow} from={from} />
}
