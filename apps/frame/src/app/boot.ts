// Starts the frame and wires everything together — the only place that does. It says ready to the
// host at once (the SDK preloads the frame hidden) while the runtime configuration loads; the
// host's init waits for both. Storage never decides whether the frame starts (see storage/). Each
// capability wires itself in a module of its own beside this one; this composes them.
import type { FrameConfig } from '@walletframe/protocol'
import * as Disconnect from '../core/actions/disconnect.js'
import * as PendingView from '../core/actions/pendingView.js'
import * as SwitchNetwork from '../core/actions/switchNetwork.js'
import * as Analytics from '../core/analytics.js'
import * as CoreState from '../core/Core.js'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import * as EarlyReady from '../host/earlyReady.js'
import * as HostChannel from '../host/HostChannel.js'
import * as HostEvents from '../host/hostEvents.js'
import * as HostRequests from '../host/hostRequests.js'
import * as ProjectAccess from '../host/projectAccess.js'
import * as RetryBlock from '../queries/retryBlock.js'
import * as WalletRegistry from '../queries/walletRegistry.js'
import * as FrameStorage from '../storage/FrameStorage.js'
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

export type Booted = { frame: Promise<Frame>; channel: HostChannel.HostChannel }

const isMobile = () =>
  window.matchMedia('(max-width: 430px)').matches || /Mobi|Android/i.test(navigator.userAgent)

let started: Booted | undefined

/**
 * The frame's one boot. The entry starts it as soon as its own code runs, so the host's handshake
 * does not wait for the modal's chunk; the modal reads the same one.
 */
export function start(): Booted {
  started ??= boot()
  return started
}

export function boot(): Booted {
  const storage = FrameStorage.open(window)
  const core = CoreState.create({ storage: storage.state, isMobile })
  /** Set once the configuration has loaded; the handlers that need it wait for that first. */
  let wired: Wired | undefined

  // What the early script started (host/earlyReady.ts): the host's handshake, the configuration.
  const early = EarlyReady.claim(window)
  const fetched = early?.config
  const config = FrameConfigFile.load(undefined, fetched ? () => fetched : fetch)
  // The host may never send init (the frame opened on its own): keep the failure observed.
  config.catch((error) => console.error('[walletframe]', error))

  const channel = HostChannel.listen({
    window,
    early: early?.messages,
    handlers: {
      async init(message, origin) {
        try {
          await config
        } catch (error) {
          throw new ProjectAccess.ServiceUnavailableError((error as Error).message)
        }
        return (wired as Wired).init(message, origin)
      },
      initialized: () => wired?.signIn.initialized(),
      async request(message) {
        await config
        return HostRequests.handle({ ...core, router: (wired as Wired).router }, message)
      },
      event: (message) => wired?.injected.hostEvent(message),
    },
  })
  // The host holds the state copy a change wrote before it hears of the change (HostMirror.flush).
  HostEvents.forward(core, ((event, data) => {
    storage.mirror?.flush()
    channel.emit(event, data)
  }) as HostEvents.Emit)
  PendingView.watch(core)
  Analytics.trackModal(core)
  storage.mirror?.onPersist((blob) => channel.emit('persist', blob))

  // Before any handler's wait on the configuration: the wiring is done when they resume.
  const built = config.then((loaded) => {
    wired = wire(loaded, core, storage, channel)
    return wired.frame
  })
  built.catch(() => {})
  return { frame: built, channel }
}

type Wired = ReturnType<typeof wire>

function wire(
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
