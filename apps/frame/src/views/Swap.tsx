// Swap (SPEC §4 swap flow): the form initializes on the active network and account, and follows the
// connection; the form itself is views/swap/SwapForm.tsx.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import * as SwapActions from '../core/actions/swap.js'
import { swapDeps } from './swap/deps.js'
import { SwapForm } from './swap/SwapForm.js'

export function Swap() {
  const frame = useFrame()
  const queryClient = useQueryClient()
  const deps = useMemo(() => swapDeps(frame, queryClient), [frame, queryClient])
  // Read to follow the connection and the active network: the form is for the account on it.
  useStore(frame.core.connection)
  useStore(frame.core.networks)
  const from = SwapActions.source(frame.core)
  const network = from?.network.caipNetworkId
  const address = from?.address

  useEffect(() => {
    if (network && address) void SwapActions.initialize(deps)
  }, [deps, network, address])

  if (!from) return <p className="wf-muted">No account is connected on this network.</p>
  return <SwapForm deps={deps} />
}
