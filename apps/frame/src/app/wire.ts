// The frame's capabilities composed, once the runtime configuration has loaded (boot.ts starts the
// frame and calls this): the API client, the query layer, the connectors and each capability's wiring
// (sign-in, analytics, browser wallets, the embedded wallet, WalletConnect, the review, the provider
// router), and the Frame the views read.
import type { FrameConfig } from '@walletframe/protocol'
import * as Disconnect from '../core/actions/disconnect.js'
import * as SwitchNetwork from '../core/actions/switchNetwork.js'
import type * as CoreState from '../core/Core.js'
import * as Client from '../data/client.js'
import type * as HostChannel from '../host/HostChannel.js'
import * as RetryBlock from '../queries/retryBlock.js'
import * as WalletRegistry from '../queries/walletRegistry.js'
import type * as FrameStorage from '../storage/FrameStorage.js'
import * as AnalyticsSender from './analytics.js'
import * as Connectors from './connectors.js'
import * as Embedded from './embedded.js'
import type * as ExternalReview from './externalReview.js'
import type { Frame } from './Frame.js'
import * as HostInit from './hostInit.js'
import * as Injected from './injected.js'
import { lazy } from './lazy.js'
import * as Queries from './queries.js'
import * as Router from './router.js'
import * as SignIn from './signIn.js'
import * as WalletConnect from './walletConnect.js'

export type Wired = ReturnType<typeof wire>

export function wire(
  config: FrameConfig,
  core: CoreState.Core,
  storage: FrameStorage.FrameStorage,
  channel: HostChannel.HostChannel,
) {
  const { hostSession } = core
  const api = config.apiUrl
    ? Client.create({
        apiUrl: config.apiUrl,
        projectId: () => hostSession.config()?.projectId,
        sdk: () => hostSession.get()?.sdk,
      })
    : undefined
  const queryClient = Queries.create(storage)
  const connectors = Connectors.create(core)
  const signIn = SignIn.create(core, api)
  if (api) AnalyticsSender.wire(core, api)
  const injected = Injected.wire(core, connectors, channel)
  const embedded = Embedded.wire(core, connectors, { api, storage })
  const reviewGate = lazy<ReturnType<typeof ExternalReview.load>>(() =>
    import('./externalReview.js').then((ExternalReview) => ExternalReview.load(core)),
  )
  if (config.walletConnect)
    WalletConnect.wire(core, connectors, {
      config: config.walletConnect,
      storage: storage.state,
      queryClient: queryClient.current,
      signIn: signIn.walletConnectRequest,
    })
  const frame: Frame = {
    core,
    queryClient,
    api,
    registry: WalletRegistry.source(api),
    balanceRetry: RetryBlock.retryBlock(),
    wallets: injected.wallets,
    host: hostSession.config,
    storageRegime: storage.regime,
    embedded,
    reviewGate,
    actions: {
      connectInjected: injected.connect,
      disconnect: () => Disconnect.disconnect(core),
      switchNetwork: (caipNetworkId) => SwitchNetwork.switchNetwork(core, caipNetworkId),
      cancelRequest: (id) => core.connection.connector()?.cancelRequest?.(id),
      signIn: signIn.signIn,
      cancelSignIn: signIn.cancel,
    },
  }
  const init = HostInit.create(core, {
    config,
    api,
    storage,
    restore: connectors.restore,
    signIn,
    languages: () => navigator.languages,
  })
  return {
    frame,
    init,
    signIn,
    injected,
    router: Router.create({ ...core, api, ...(api && { review: reviewGate }) }),
  }
}
