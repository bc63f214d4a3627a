// The host's handshake (host:init), in the order it needs: the state the host page keeps loads
// first, the project's access decides on the host, its networks and theme apply, the host becomes
// the session (what was the last project's, a WalletConnect client, is dropped on that), the stored
// connection is restored, and sign-in loads so that `initialized` finds it ready. The language's
// catalog loads alongside, so the modal first opens speaking it.
import type { FrameConfig } from '@walletframe/protocol'
import * as Connect from '../core/actions/connect.js'
import * as Navigation from '../core/actions/navigation.js'
import type { Core } from '../core/Core.js'
import * as Locale from '../core/locale.js'
import * as Networks from '../core/networks.js'
import type { Client } from '../data/client.js'
import type * as HostChannel from '../host/HostChannel.js'
import * as HostEvents from '../host/hostEvents.js'
import * as ProjectAccess from '../host/projectAccess.js'
import { firstPaintMessages } from '../locale/load.js'
import type { FrameStorage } from '../storage/FrameStorage.js'
import type { Restorer } from './connectors.js'
import type { SignIn } from './signIn.js'

export declare namespace create {
  type Options = {
    config: FrameConfig
    api: Client | undefined
    storage: Pick<FrameStorage, 'state' | 'mirror'>
    /** Rebuilds the connector a stored choice names. */
    restore: Restorer
    signIn: Pick<SignIn, 'preload'>
    /** The browser's languages, most wanted first: the language when the host names none. */
    languages: () => readonly string[]
  }
}

export function create(
  core: Connect.Deps & Pick<Core, 'theme' | 'locale' | 'hostSession'>,
  options: create.Options,
): HostChannel.Handlers['init'] {
  const { config, api, storage } = options
  return async (message, origin) => {
    storage.mirror?.load(message.persisted)
    const { locale } = message.config
    // A catalog that does not load leaves English: the modal still works.
    const language = Locale.apply(
      core.locale,
      locale ? [locale] : options.languages(),
      firstPaintMessages,
    ).catch(() => {})
    const access = await ProjectAccess.resolve({
      config,
      client: api,
      projectId: message.config.projectId,
      origin,
    })
    const host = message.config
    const known = host.networks.flatMap((id) =>
      access.networks.filter((network) => network.caipNetworkId === id),
    )
    const saved = storage.state.getItem(Networks.storageKey)
    const active =
      known.find((network) => network.caipNetworkId === saved) ??
      known.find((network) => network.caipNetworkId === host.defaultNetwork) ??
      known[0]
    core.networks.set({ available: known, active, unsupported: undefined })
    core.theme.set({ mode: host.themeMode, variables: host.themeVariables })
    core.hostSession.start(message, origin, access)
    await Connect.restore(core, options.restore)
    if (!core.modal.get().open) Navigation.close(core)
    await options.signIn.preload()
    await language
    return { account: HostEvents.accountState(core), network: Networks.toNetworkState(core.networks.get()) }
  }
}
