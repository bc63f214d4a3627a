// Send (SPEC §4 token send): a token of the active network, an amount and a receiver. The form says
// what is missing or wrong as it is filled in (SPEC §5, §8) and sends through the connected wallet.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import * as Send from '../core/actions/send.js'
import { sendDeps } from './send/deps.js'
import { SendForm } from './send/SendForm.js'

export function WalletSend() {
  const frame = useFrame()
  const queryClient = useQueryClient()
  const deps = useMemo(() => sendDeps(frame, queryClient), [frame, queryClient])
  // Read to follow the connection and the active network: the form is for the account on it.
  useStore(frame.core.connection)
  useStore(frame.core.networks)
  const from = Send.source(frame.core)
  const network = from?.network.caipNetworkId
  const address = from?.address

  useEffect(() => {
    if (network && address) void Send.load(deps)
  }, [deps, network, address])

  if (!from) return <p className="wf-muted">No account is connected on this network.</p>
  return <SendForm deps={deps} network={from.network} />
}
