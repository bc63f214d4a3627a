// Swap: the form for the account on the active network, following the connection; the form itself
// is views/swap/SwapForm.tsx.
import { useQueryClient } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import * as SwapWiring from '../app/swap.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as SwapActions from '../core/actions/swap.js'
import { SwapForm } from './swap/SwapForm.js'

export function Swap() {
  const frame = useFrame()
  const messages = useViewMessages()
  const flow = SwapWiring.flow(frame, useQueryClient())
  // Read to follow the connection and the active network: the form is for the account on it.
  useStore(frame.core.connection)
  useStore(frame.core.networks)
  const from = SwapActions.source(frame.core)
  if (!from) return <p className="wf-muted">{messages.funds.noAccount}</p>
  return <SwapForm flow={flow} from={from} />
}
