// Starts the frame and wires everything together — the only place that does. It says ready to the
// host at once (the SDK preloads the frame hidden) while the runtime configuration loads; the
// host's init waits for both. Storage never decides whether the frame starts (see storage/).

import type { QueryClient } from '@tanstack/react-query'
import {
  type FrameConfig,
  type HostConfig,
  type HostEvent,
  type HostInit,
  type InjectedWalletInfo,
  InjectedWalletInfo as InjectedWalletInfoSchema,
  messages,
} from '@walletframe/protocol'
import type { Connector } from '../connectors/Connector.js'
import * as Injected from '../connectors/injected/Injected.js'
import * as Connect from '../core/actions/connect.js'
import * as Disconnect from '../core/actions/disconnect.js'
import * as Navigation from '../core/actions/navigation.js'
import * as PendingView from '../core/actions/pendingView.js'
import * as SignInGate from '../core/actions/signInGate.js'
import * as SwitchNetwork from '../core/actions/switchNetwork.js'
import * as Analytics from '../core/analytics.js'
import * as CoreState from '../core/Core.js'
import * as Connection from '../core/connection.js'
import * as Networks from '../core/networks.js'
import * as Client from '../data/client.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import * as HostChannel from '../host/HostChannel.js'
import * as HostEvents from '../host/hostEvents.js'
import * as HostRequests from '../host/hostRequests.js'
import * as ProjectAccess from '../host/projectAccess.js'
import * as Store from '../lib/store.js'
import * as RetryBlock from '../queries/retryBlock.js'
import * as WalletRegistry from '../queries/walletRegistry.js'
import type * as Router from '../rpc/router.js'
import * as FrameStorage from '../storage/FrameStorage.js'

export type InjectedWallets = { readonly list: readonly InjectedWalletInfo[]; readonly loaded: boolean }

/** Everything views use: stores to read, actions to call. Built once the configuration is loaded. */
export type Frame = {
  readonly core: CoreState.Core
  /** The query client, loaded on first use (the Connect view paints without it). */
  queryClient(): Promise<QueryClient>
  readonly api: Client.Client | undefined
  readonly registry: WalletRegistry.Source
  /** One balance retry block (30 s after a failure) for every token-balance fetch of this frame. */
  readonly balanceRetry: RetryBlock.RetryBlock
  /** Browser wallets the host page announced (EIP-6963). */
  readonly wallets: Store.ReadableStore<InjectedWallets>
  /** The host's configuration, once it has initialised. */
  host(): HostConfig | undefined
  readonly storageRegime: FrameStorage.FrameStorage['regime']
  /** Email and social login, loaded on first use (connector, Worker, flows). */
  embedded(): Promise<import('../lib/embeddedLogin.js').EmbeddedLogin>
  readonly actions: {
    connectInjected(wallet: InjectedWalletInfo): Promise<void>
    disconnect(): Promise<void>
    switchNetwork(caipNetworkId: string): Promise<void>
    cancelRequest(id: number): void
    /** SIWXSignMessage: sign in with the connected account. */
    signIn(): Promise<void>
    /** SIWXSignMessage's cancel: disconnect when sign-in is required, else close. */
    cancelSignIn(): Promise<void>
  }
}

type SignInModule = {
  readonly SignIn: typeof import('../core/actions/signIn.js')
  readonly deps: import('../core/actions/signIn.js').Deps
}

export type Booted = { frame: Promise<Frame>; channel: HostChannel.HostChannel }

const isMobile = () =>
  window.matchMedia('(max-width: 430px)').matches || /Mobi|Android/i.test(navigator.userAgent)

export function boot(): Booted {
  const storage = FrameStorage.open(window)
  const core = CoreState.create({ storage: storage.state, isMobile })
  const hostEvents = new Set<(event: HostEvent) => void>()
  let init: (message: HostInit, origin: string) => ReturnType<HostChannel.Handlers['init']>
  let router: Pick<Router.Router, 'request'> | undefined
  let afterInit: (() => void) | undefined

  const config = FrameConfigFile.load()
  // The host may never send init (the frame opened on its own): keep the failure observed.
  config.catch((error) => console.error('[walletframe]', error))

  const channel = HostChannel.listen({
    window,
    handlers: {
      async init(message, origin) {
        try {
          await config
        } catch (error) {
          throw new ProjectAccess.ServiceUnavailableError((error as Error).message)
        }
        return init(message, origin)
      },
      initialized: () => afterInit?.(),
      async request(message) {
        await config
        return HostRequests.handle({ ...core, router: router as Pick<Router.Router, 'request'> }, message)
      },
      event(message) {
        for (const listener of hostEvents) listener(message)
      },
    },
  })
  HostEvents.forward(core, channel.emit)
  PendingView.watch(core)
  Analytics.trackModal(core)
  storage.mirror?.onPersist((blob) => channel.emit('persist', blob))

  const built = config.then((loaded) => {
    const wired = wire(loaded)
    init = wired.init
    afterInit = wired.initialized
    router = wired.router
    return wired.frame
  })
  built.catch(() => {})

  function wire(config: FrameConfig) {
    let host: HostConfig | undefined
    /** The host page's origin, as the handshake verified it. */
    let hostOrigin: string | undefined
    let sdk: { type: string; version: string } | undefined
    const api = config.apiUrl
      ? Client.create({ apiUrl: config.apiUrl, projectId: () => host?.projectId, sdk: () => sdk })
      : undefined
    // Query caches persist only where the frame has storage of its own: the host's copy is for
    // connector state.
    let queryClient: QueryClient | undefined
    let loadingQueries: Promise<QueryClient> | undefined
    const queries = () =>
      (loadingQueries ??= import('../queries/client.js').then((module) => {
        queryClient = module.create(storage.regime === 'frame' ? storage.state : undefined)
        return queryClient
      }))
    // Sign-in (SIWE / SIWS) loads when a host asks for it: the action, the API calls, the chains.
    let loadingSignIn: Promise<SignInModule> | undefined
    function signInDeps(): Promise<SignInModule> {
      loadingSignIn ??= Promise.all([
        import('../core/actions/signIn.js'),
        import('../data/sessions.js'),
        import('../chains/load.js'),
      ]).then(([SignIn, Sessions, Chains]) => {
        const sessions = Sessions.sessionsApi(api as Client.Client)
        return {
          SignIn,
          // Read when used: the host and its origin are the current handshake's.
          get deps() {
            return {
              ...core,
              api: sessions,
              origin: hostOrigin as string,
              appName: host?.metadata.name ?? '',
              chain: Chains.load,
            }
          },
        }
      })
      loadingSignIn.catch(() => {
        // A failed chunk load is tried again on the next need.
        loadingSignIn = undefined
      })
      return loadingSignIn
    }
    core.siwx.subscribe((next, previous) => {
      if (next.signedAtConnect && next.signedAtConnect !== previous.signedAtConnect)
        void signInDeps().then(({ SignIn, deps }) => SignIn.adopt(deps))
    })
    SignInGate.watch(core, () => {
      void signInDeps().then(({ SignIn, deps }) => SignIn.signOut(deps))
    })
    // Analytics to the operator's API (POST /e), unless the host turned it off: the sender loads
    // with the first event sent, so the boot chunk carries none of it.
    let sender: Promise<import('../data/analyticsSender.js').Sender> | undefined
    core.analytics.subscribe((event) => {
      if (!api || !hostOrigin || host?.features.analytics === false) return
      sender ??= import('../data/analyticsSender.js').then((Sender) =>
        Sender.create({
          client: api,
          hostOrigin: () => hostOrigin,
          enabled: () => host?.features.analytics !== false,
          address: () => Connection.addressOn(core.connection.get().accounts, core.networks.get().active),
          // An analytics 403 tells the user "Invalid App Configuration: Origin not found on Allowlist".
          onDenied: () =>
            core.notification.show(
              `${messages.invalidAppConfiguration}: ${messages.originNotAllowed}`,
              'error',
            ),
        }),
      )
      sender.then(
        (loaded) => loaded.enqueue(event),
        () => {
          // The chunk did not load: this event is lost, the next one tries again.
          sender = undefined
        },
      )
    })
    const registry = WalletRegistry.source(api)
    const wallets = Store.create<InjectedWallets>({ list: [], loaded: false })
    // The EIP-1193 router loads with the host's first provider call: painting needs none of it.
    let loadingRouter: Promise<Router.Router> | undefined
    const router: Pick<Router.Router, 'request'> = {
      async request(request) {
        loadingRouter ??= Promise.all([import('../rpc/router.js'), import('../data/jsonRpc.js')]).then(
          ([Router, JsonRpc]) =>
            Router.create({
              ...core,
              read: (network, method, params) =>
                JsonRpc.call(network.rpcUrls.default.http[0] as string, method, params),
            }),
        )
        loadingRouter.catch(() => {
          loadingRouter = undefined
        })
        return (await loadingRouter).request(request)
      },
    }
    const injectedEvents: Injected.HostEvents = {
      subscribe(listener) {
        hostEvents.add(listener)
        return () => hostEvents.delete(listener)
      },
    }
    let walletConnect: import('../connectors/walletConnect/WalletConnect.js').WalletConnect | undefined
    /** Connectors followed so far, by id (a browser wallet is rebuilt on each connect). */
    const followed = new Map<string, () => void>()

    function adopt(connector: Connector, choice: Connect.Choice): Connector {
      followed.get(connector.id)?.()
      followed.set(connector.id, Connect.follow(core, connector, choice))
      return connector
    }

    function injected(wallet: InjectedWalletInfo) {
      const connector = Injected.create(channel, injectedEvents, wallet)
      return { connector, choice: { id: connector.id, data: wallet } }
    }

    let loadingWalletConnect: Promise<typeof walletConnect> | undefined
    /**
     * WalletConnect for the current host, loaded on first need (the Connect view after its first
     * paint, or a stored session to restore). A re-handshake from the same host keeps the client
     * and its session; another project gets its own.
     */
    function loadWalletConnect(): Promise<typeof walletConnect> {
      const current = host
      if (!config.walletConnect || !current) return Promise.resolve(undefined)
      const wcConfig = config.walletConnect
      loadingWalletConnect ??= import('../connectors/walletConnect/WalletConnect.js').then(({ create }) => {
        walletConnect = create({
          config: wcConfig,
          projectId: current.projectId,
          metadata: current.metadata,
          storage: storage.state,
          networks: () => ({
            available: core.networks.get().available,
            active: core.networks.get().active?.caipNetworkId,
          }),
          findWallet: (name) => (queryClient ? WalletRegistry.findByName(queryClient, name) : undefined),
          track: (event, properties) =>
            core.analytics.track({ event, properties } as Parameters<typeof core.analytics.track>[0]),
          signIn: walletConnectSignIn,
        })
        adopt(walletConnect, { id: walletConnect.id })
        core.pairing.loaded(walletConnect.pairing)
        return walletConnect
      })
      loadingWalletConnect.catch(() => {
        // A failed chunk load is tried again on the next need.
        loadingWalletConnect = undefined
      })
      return loadingWalletConnect
    }
    if (config.walletConnect) core.pairing.offer(async () => (await loadWalletConnect())?.pairing)

    /**
     * What a WalletConnect wallet is asked to sign in to as it connects: the host's EVM networks, a
     * fresh nonce. None when the host wants no sign-in or uses no EVM network (sign-in then follows
     * the connection, on SIWXSignMessage).
     */
    async function walletConnectSignIn() {
      if (!siwxConfig() || !hostOrigin) return undefined
      const chains = core.networks
        .get()
        .available.filter((network) => network.chainNamespace === 'eip155')
        .map((network) => network.caipNetworkId)
      if (chains.length === 0) return undefined
      const { SignIn, deps } = await signInDeps()
      try {
        return await SignIn.walletConnectRequest(deps, chains)
      } catch (error) {
        // No nonce (the API is away): the wallet connects alone and sign-in follows.
        console.error('[walletframe] no sign-in request for WalletConnect:', error)
        return undefined
      }
    }

    let loadingEmbedded: Promise<import('./embedded.js').Loaded> | undefined
    /** Email and social login with the embedded wallet: its connector, Worker, flows and approvals load on first use. */
    function embedded() {
      loadingEmbedded ??= import('./embedded.js').then((Embedded) => {
        const loaded = Embedded.load(core, {
          client: api as Client.Client,
          storage: storage.secure,
          sessionOnly: storage.regime !== 'frame',
          projectId: () => host?.projectId,
          sdk: () => sdk,
          networks: () => core.networks.get().available,
        })
        adopt(loaded.connector, { id: loaded.connector.id })
        return loaded
      })
      loadingEmbedded.catch(() => {
        loadingEmbedded = undefined
      })
      return loadingEmbedded
    }

    /** Rebuilds the connector a stored choice names. */
    async function build(choice: Connect.Choice): Promise<Connector | undefined> {
      if (choice.id === 'walletConnect') return await loadWalletConnect()
      // Without storage of its own the frame kept no session to restore: the Worker need not load.
      if (choice.id === 'auth')
        return api && storage.regime === 'frame' ? (await embedded()).connector : undefined
      const wallet = InjectedWalletInfoSchema.safeParse(choice.data)
      if (!wallet.success || choice.id !== Injected.connectorId(wallet.data.rdns)) return undefined
      const built = injected(wallet.data)
      return adopt(built.connector, built.choice)
    }

    async function refreshWallets() {
      try {
        wallets.set({ list: await Injected.list(channel), loaded: true })
      } catch {
        wallets.set({ list: [], loaded: true })
      }
    }
    core.modal.subscribe((next, previous) => {
      if (next.open && !previous.open && Navigation.current(core) === 'Connect') void refreshWallets()
    })

    async function initHost(message: HostInit, origin: string) {
      storage.mirror?.load(message.persisted)
      const access = await ProjectAccess.resolve({
        config,
        client: api,
        projectId: message.config.projectId,
        origin,
      })
      const previous = host
      host = message.config
      sdk = { type: message.sdkType, version: message.sdkVersion }
      const known = host.networks.flatMap((id) =>
        access.networks.filter((network) => network.caipNetworkId === id),
      )
      const saved = storage.state.getItem(Networks.storageKey)
      const active =
        known.find((network) => network.caipNetworkId === saved) ??
        known.find((network) => network.caipNetworkId === host?.defaultNetwork) ??
        known[0]
      core.networks.set({ available: known, active, unsupported: undefined })
      core.theme.set({ mode: host.themeMode, variables: host.themeVariables })
      if (previous && previous.projectId !== host.projectId) {
        loadingWalletConnect = undefined
        walletConnect = undefined
        core.pairing.loaded(undefined)
      }
      hostOrigin = origin
      await Connect.restore(core, build)
      if (!core.modal.get().open) Navigation.close(core)
      // Sign-in loads with the handshake, so that `initialized` finds it ready (see below).
      if (siwxConfig()) await signInDeps()
      else core.siwx.set({ config: undefined, sessions: [] })
      return { account: HostEvents.accountState(core), network: Networks.toNetworkState(core.networks.get()) }
    }

    const frame: Frame = {
      core,
      queryClient: queries,
      api,
      registry,
      balanceRetry: RetryBlock.retryBlock(),
      wallets,
      host: () => host,
      storageRegime: storage.regime,
      embedded,
      actions: {
        async connectInjected(wallet) {
          const built = injected(wallet)
          await Connect.connect(core, adopt(built.connector, built.choice), built.choice)
        },
        disconnect: () => Disconnect.disconnect(core),
        switchNetwork: (caipNetworkId) => SwitchNetwork.switchNetwork(core, caipNetworkId),
        cancelRequest(id) {
          core.connection.connector()?.cancelRequest?.(id)
        },
        async signIn() {
          const { SignIn, deps } = await signInDeps()
          await SignIn.signIn(deps)
        },
        async cancelSignIn() {
          const { SignIn, deps } = await signInDeps()
          await SignIn.cancel(deps)
        },
      },
    }
    /** HostConfig.siwx; sign-in needs the API (nonces, sessions), without one it cannot be offered. */
    const siwxConfig = () => (api ? host?.siwx : undefined)

    /**
     * Once the host knows the restored state: the kept sessions are loaded (the host hears of them
     * now: events before `initialized` are not sent), checked with the API, and required sign-in is
     * asked for.
     */
    function initialized() {
      const siwx = siwxConfig()
      if (!siwx) return
      void signInDeps()
        .then(({ SignIn, deps }) => {
          SignIn.load(deps, siwx)
          return SignIn.check(deps)
        })
        .then(() => {
          if (siwx.required) SignInGate.prompt(core)
        })
        .catch((error: unknown) => console.error('[walletframe] checking sign-in sessions failed:', error))
    }

    return { frame, init: initHost, initialized, router }
  }

  return { frame: built, channel }
}
