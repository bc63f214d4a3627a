// Disconnecting: clears the connection and the stored choice, puts the modal back on
// Connect, then tells the connector (which ends a WalletConnect session in the wallet too).
import { messages } from '@walletframe/protocol'
import { FrameError } from '../../lib/errors.js'
import * as Store from '../../lib/store.js'
import type { Core } from '../Core.js'
import * as ConnectionStore from '../connection.js'
import * as ViewStack from '../viewStack.js'

/** "Failed to disconnect": the connector could not end the connection on its side. */
export class DisconnectError extends FrameError {
  override name = 'DisconnectError'
  constructor(cause: unknown) {
    super('DISCONNECT_FAILED', messages.failedToDisconnect, { cause })
  }
}

export async function disconnect(
  core: Pick<Core, 'modal' | 'connection' | 'networks' | 'pending' | 'storage' | 'analytics'>,
  options: { notifyConnector?: boolean } = {},
): Promise<void> {
  let connector: ReturnType<typeof core.connection.detach>
  // One change for the host: it hears "disconnected" with the stored choice already gone, so a
  // reload on hearing it does not reconnect.
  Store.batch(() => {
    core.storage.removeItem(ConnectionStore.storageKey)
    connector = core.connection.detach()
    core.pending.set([])
    core.networks.set((state) => ({ ...state, unsupported: undefined }))
    const { modal } = core
    if (modal.get().open) modal.setStack(ViewStack.reset(modal.get().stack, 'Connect'))
    else modal.setStack(ViewStack.close({ isConnected: false }).stack)
  })
  if (options.notifyConnector === false || !connector) return
  try {
    await connector.disconnect()
  } catch (error) {
    const failed = new DisconnectError(error)
    core.analytics.track({ event: 'DISCONNECT_ERROR', properties: { message: failed.message } })
    throw failed
  }
  core.analytics.track({ event: 'DISCONNECT_SUCCESS', properties: {} })
}
