// Moving through the modal's views (docs/view-stack.md): open by the four rules, back, close, push,
// replace, reset. The rules themselves are the pure viewStack module; this applies them to the stores.
import type { ViewName } from '@walletframe/protocol'
import * as AuthReload from '../authReload.js'
import type { Core } from '../Core.js'
import * as ViewStack from '../viewStack.js'

export type Deps = Pick<Core, 'modal' | 'connection' | 'networks' | 'isMobile'>

const isConnected = (core: Pick<Core, 'connection'>) => core.connection.get().status === 'connected'

/** Opens the modal on `view`, or on the view the open rules pick (UnsupportedChain when the wallet is on an unknown network). */
export function open(core: Deps, view?: ViewName): void {
  const unsupported = core.networks.get().unsupported !== undefined && isConnected(core)
  const context = {
    isConnected: isConnected(core),
    hasAdapters: core.networks.hasAdapters(),
    isMobile: core.isMobile(),
  }
  core.modal.setStack(ViewStack.open(context, view ?? (unsupported ? 'UnsupportedChain' : undefined)))
  core.modal.setOpen(true)
}

/** Embedded-mode close: the next open starts from Account when connected, Connect otherwise. */
export function close(core: Pick<Core, 'modal' | 'connection'>): void {
  core.modal.setStack(ViewStack.close({ isConnected: isConnected(core) }).stack)
  core.modal.setOpen(false)
}

export function push(core: Pick<Core, 'modal'>, view: ViewName): void {
  core.modal.setStack(ViewStack.push(core.modal.get().stack, view))
}

export function replace(core: Pick<Core, 'modal'>, view: ViewName): void {
  core.modal.setStack(ViewStack.replace(core.modal.get().stack, view))
}

export function reset(core: Pick<Core, 'modal'>, view: ViewName): void {
  core.modal.setStack(ViewStack.reset(core.modal.get().stack, view))
}

/**
 * Back pops the history; with one entry (or UnsupportedChain in it) the modal closes. Leaving
 * ConnectingFarcaster with no address reloads the auth connector after 100 ms (see authReload).
 */
export function back(core: Pick<Core, 'modal' | 'connection'>): void {
  const result = ViewStack.back(core.modal.get().stack, { isConnected: isConnected(core) })
  core.modal.setStack(result.stack)
  for (const effect of result.effects)
    if (effect.type === 'reloadAuthConnector') AuthReload.schedule(core.modal, effect.delayMs)
  if (result.effects.some((effect) => effect.type === 'close')) close(core)
}

export function current(core: Pick<Core, 'modal'>): ViewName | undefined {
  return ViewStack.current(core.modal.get().stack)
}
