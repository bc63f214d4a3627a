// What the host hears: the account state, the network, the modal and EIP-1193 events, derived
// from the stores whenever they change.
import type { AccountState } from '@walletframe/protocol'
import type { Core } from '../core/Core.js'
import * as Connection from '../core/connection.js'
import * as Networks from '../core/networks.js'
import * as Siwx from '../core/siwx.js'
import type { HostChannel } from './HostChannel.js'

export type Emit = HostChannel['emit']

/** The account state the host sees now. */
export function accountState(core: Pick<Core, 'connection' | 'networks'>): AccountState {
  return Connection.toAccountState(core.connection.get(), core.networks.get().active)
}

export function forward(
  core: Pick<Core, 'connection' | 'networks' | 'modal' | 'siwx'>,
  emit: Emit,
): () => void {
  let account = accountState(core)
  // Reported once the host asks for sign-in (its sessions are loaded), then on every change.
  let signedIn: string | null | undefined
  let network = Networks.toNetworkState(core.networks.get())
  let evmAddress = Connection.evmAddress(core.connection.get())

  function sync() {
    const nextAccount = accountState(core)
    const nextNetwork = Networks.toNetworkState(core.networks.get())
    const nextEvm = Connection.evmAddress(core.connection.get())
    const becameConnected = nextAccount.isConnected && !account.isConnected
    const becameDisconnected = !nextAccount.isConnected && account.isConnected
    if (JSON.stringify(nextAccount) !== JSON.stringify(account)) emit('state', nextAccount)
    if (nextNetwork.caipNetworkId !== network.caipNetworkId || nextNetwork.supported !== network.supported)
      emit('network', nextNetwork)
    if (nextEvm !== evmAddress) emit('eip1193', { event: 'accountsChanged', data: nextEvm ? [nextEvm] : [] })
    // EIP-1193: `connect` names the chain the provider connected to; the network a connection
    // starts on is not a change of chain, so it gets no chainChanged of its own.
    if (becameConnected) emit('eip1193', { event: 'connect', data: { chainId: nextNetwork.chainId } })
    else if (nextNetwork.chainId && nextNetwork.chainId !== network.chainId)
      emit('eip1193', { event: 'chainChanged', data: nextNetwork.chainId })
    if (becameDisconnected)
      emit('eip1193', { event: 'disconnect', data: { code: 4900, message: 'Disconnected' } })
    account = nextAccount
    network = nextNetwork
    evmAddress = nextEvm
    syncSiwx()
  }

  function syncSiwx() {
    if (core.siwx.get().config === undefined) return
    const current = Siwx.current(core.siwx.get(), core.connection.get(), core.networks.get().active)
    const id = current?.id ?? null
    if (id === signedIn) return
    signedIn = id
    emit('siwx', Siwx.toHost(current))
  }

  const stops = [
    core.connection.subscribe(sync),
    core.networks.subscribe(sync),
    core.siwx.subscribe(syncSiwx),
    core.modal.subscribe((next, previous) => {
      if (next.open !== previous.open) emit('modal', { open: next.open })
    }),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}
