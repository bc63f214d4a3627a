// Analytics to the operator's API (POST /e), unless the host turned it off: the sender loads with the
// first event sent, so the boot chunk carries none of it.
import { messages } from '@walletframe/protocol'
import type { Core } from '../core/Core.js'
import * as Connection from '../core/connection.js'
import type { Client } from '../data/client.js'
import { lazy } from './lazy.js'

export function wire(
  core: Pick<Core, 'analytics' | 'hostSession' | 'connection' | 'networks' | 'notification'>,
  api: Client,
): void {
  const sender = lazy(() =>
    import('../data/analyticsSender.js').then((Sender) =>
      Sender.create({
        client: api,
        hostOrigin: () => core.hostSession.get()?.origin,
        enabled: () => core.hostSession.config()?.features.analytics !== false,
        address: () => Connection.addressOn(core.connection.get().accounts, core.networks.get().active),
        // An analytics 403 tells the user "Invalid App Configuration: Origin not found on Allowlist".
        onDenied: () =>
          core.notification.show(
            `${messages.invalidAppConfiguration}: ${messages.originNotAllowed}`,
            'error',
          ),
      }),
    ),
  )
  core.analytics.subscribe((event) => {
    const host = core.hostSession.get()
    if (!host || host.config.features.analytics === false) return
    // A sender that did not load loses this event; the next one tries again.
    sender().then(
      (loaded) => loaded.enqueue(event),
      () => {},
    )
  })
}
