// When sign-in stands in the way: whether the connected account must sign, whether the modal may
// close (not while required sign-in has no session), and opening SIWXSignMessage when it must. Small
// and free of schemas: the connect flow and the modal use it on every connection; the signing itself
// (signIn.ts) loads when needed.
import type { Core } from '../Core.js'
import * as Connection from '../connection.js'
import * as Siwx from '../siwx.js'
import * as Navigation from './navigation.js'

/** The connected account on the active network, when there is one. */
export function account(core: Pick<Core, 'connection' | 'networks'>): Connection.ActiveAccount | undefined {
  return Connection.activeAccount(core.connection.get(), core.networks.get().active)
}

/** Whether the connected account must be asked to sign: the host wants sign-in and it has no session. */
export function needed(core: Pick<Core, 'connection' | 'networks' | 'siwx'>): boolean {
  const state = core.siwx.get()
  return (
    state.config !== undefined &&
    state.signedAtConnect === undefined &&
    account(core) !== undefined &&
    Siwx.current(state, core.connection.get(), core.networks.get().active) === undefined
  )
}

/** Whether the modal may close: not while required sign-in has no session. */
export function canClose(core: Pick<Core, 'connection' | 'networks' | 'siwx'>): boolean {
  return !(core.siwx.get().config?.required && needed(core))
}

/** Opens SIWXSignMessage when the connected account must sign; says whether it did. */
export function prompt(core: Pick<Core, 'modal' | 'connection' | 'networks' | 'siwx' | 'isMobile'>): boolean {
  if (!needed(core)) return false
  if (core.modal.get().open) Navigation.reset(core, 'SIWXSignMessage')
  else Navigation.open(core, 'SIWXSignMessage')
  return true
}

/** Closes the modal, unless required sign-in stands in the way: then it shakes for 500 ms. */
export function close(core: Pick<Core, 'modal' | 'connection' | 'networks' | 'siwx'>): void {
  if (canClose(core)) Navigation.close(core)
  else core.modal.shake()
}

/**
 * Follows the connection: when it ends, `ended` runs (the sessions are revoked); when required
 * sign-in finds the account on the active network without a session (another account, another
 * namespace), SIWXSignMessage opens.
 */
export function watch(
  core: Pick<Core, 'modal' | 'connection' | 'networks' | 'siwx' | 'isMobile'>,
  ended: () => void,
): () => void {
  let key = current(core)
  const sync = () => {
    const next = current(core)
    if (next === key) return
    const wasConnected = key !== undefined
    key = next
    if (next === undefined && wasConnected && core.connection.get().status === 'disconnected') ended()
    else if (next !== undefined && core.siwx.get().config?.required) prompt(core)
  }
  const stops = [core.connection.subscribe(sync), core.networks.subscribe(sync)]
  return () => {
    for (const stop of stops) stop()
  }
}

function current(core: Pick<Core, 'connection' | 'networks'>): string | undefined {
  const from = account(core)
  return from && Siwx.accountKey(from.network, from.address)
}
