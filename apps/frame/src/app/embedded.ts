// Email and social login with the embedded wallet: its connector, Worker, flows and approvals load on
// first use (embeddedWallet.ts, a chunk of its own), or to restore a session the frame kept.
import type { Core } from '../core/Core.js'
import type { Client } from '../data/client.js'
import type { FrameStorage } from '../storage/FrameStorage.js'
import type { Connectors } from './connectors.js'
import type * as EmbeddedWallet from './embeddedWallet.js'
import { type Lazy, lazy } from './lazy.js'

export function wire(
  core: Parameters<typeof EmbeddedWallet.load>[0] & Pick<Core, 'hostSession'>,
  connectors: Pick<Connectors, 'adopt' | 'register'>,
  options: { api: Client | undefined; storage: Pick<FrameStorage, 'regime' | 'secure'> },
): Lazy<EmbeddedWallet.Loaded> {
  const { api, storage } = options
  const wallet = lazy(() =>
    import('./embeddedWallet.js').then((Embedded) => {
      const loaded = Embedded.load(core, {
        client: api as Client,
        storage: storage.secure,
        sessionOnly: storage.regime !== 'frame',
        projectId: () => core.hostSession.config()?.projectId,
        sdk: () => core.hostSession.get()?.sdk,
        networks: () => core.networks.get().available,
      })
      connectors.adopt(loaded.connector)
      return loaded
    }),
  )
  // Without storage of its own the frame kept no session to restore: the Worker need not load.
  connectors.register('auth', async () =>
    api && storage.regime === 'frame' ? (await wallet()).connector : undefined,
  )
  return wallet
}
