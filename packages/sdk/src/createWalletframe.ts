// The SDK's entry: mounts the frame, runs the channel, and exposes the modal controls, the state
// the frame reports, and an EIP-1193 provider (announced with EIP-6963).
import type {
  AccountState,
  CaipNetworkId,
  FrameEvent,
  HostConfigInput,
  NetworkState,
  SiwxSession,
  ThemeMode,
  ThemeVariables,
  ViewName,
} from '@walletframe/protocol'
import { InternalRpcError, ProviderRpcError, UnrecognizedChainError } from '@walletframe/protocol/errors'
import { announce } from './announce.js'
import * as Channel from './Channel.js'
import * as Emitter from './Emitter.js'
import * as Frame from './Frame.js'
import type * as Injected from './Injected.js'
import { handled } from './internal/promise.js'
import * as Persisted from './Persisted.js'
import * as Provider from './Provider.js'
import { version } from './version.js'

export type Options = HostConfigInput & {
  /** Absolute URL of the frame app, e.g. `https://frame.walletframe.app`. Its origin is trusted. */
  frameUrl: string
  /** Timeout of quick calls (open, close, disconnect, theme) and of the frame's start-up. Default 30 s. */
  requestTimeoutMs?: number
  /** Timeout of calls that wait on the user (EIP-1193 requests, switchNetwork). Default 10 min. */
  userRequestTimeoutMs?: number
}

/**
 * What `getState()` returns: the account state the frame reports, plus the SDK's own health.
 * Until the frame initialises, the account is `disconnected`.
 */
export type State = AccountState & {
  /** True once the frame has accepted this host and reported its state. */
  ready: boolean
  /**
   * Why calls fail right now, or undefined. `InvalidAppConfigurationError` ("Invalid App
   * Configuration", code 4100) when the frame refuses this host (its origin is not allowed, the
   * project is unknown); `FrameUnavailableError` (4900) when the frame did not start in time or after
   * `destroy()`. While it is set every call rejects with it. A frame that starts late clears it.
   */
  error: ProviderRpcError | undefined
}

export type Walletframe = {
  /**
   * Opens the modal: the given view; with none, Account when an account is connected, else Connect.
   * With no account and no wallet adapter it opens, whatever is asked, the wallet list on mobile and
   * the WalletConnect QR code elsewhere.
   */
  open(options?: { view?: ViewName }): Promise<void>
  close(): Promise<void>
  getState(): State
  /** The network the frame reports; undefined until it has initialised. */
  getNetwork(): NetworkState | undefined
  /** The sign-in session (SIWX) for the host's backend, or null; undefined until reported. */
  getSiwxSession(): SiwxSession | null | undefined
  /** Each subscribe returns the function that unsubscribes. */
  subscribeState(listener: (state: State) => void): () => void
  subscribeNetwork(listener: (network: NetworkState) => void): () => void
  subscribeModal(listener: (open: boolean) => void): () => void
  subscribeSiwx(listener: (session: SiwxSession | null) => void): () => void
  /** Rejects with UnrecognizedChainError for a network that is not in `networks`. */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  disconnect(): Promise<void>
  setThemeMode(themeMode: ThemeMode): Promise<void>
  setThemeVariables(themeVariables: ThemeVariables): Promise<void>
  /**
   * The frame's language, a BCP 47 tag (`ja`, `pt-BR`); the modal re-renders in it. A language the
   * frame has no catalog for falls back to the nearest one, then English. The frame refuses a string
   * that is not a language tag (InvalidParamsError, -32602).
   */
  setLocale(locale: string): Promise<void>
  /** EIP-1193 provider, also announced to the page with EIP-6963. */
  provider: Provider.Provider
  /**
   * Resolves when the frame has initialised. Rejects with `state.error` when the frame refuses this
   * host or does not start in time; a frame that starts later still serves later calls.
   */
  ready: Promise<void>
  /** Removes the frame and every listener; pending and later calls reject. */
  destroy(): void
}

/**
 * Creates the Walletframe instance of this page. Call it in the browser (never during server
 * rendering): it mounts a hidden iframe. Every promise it returns rejects with a
 * `ProviderRpcError` subclass and is pre-handled, so ignoring one never raises `unhandledrejection`.
 */
export function createWalletframe(options: Options): Walletframe {
  if (typeof document === 'undefined')
    throw new InternalRpcError('createWalletframe() needs a browser (not SSR)')
  const { frameUrl, requestTimeoutMs = 30_000, userRequestTimeoutMs = 600_000, ...config }: Options = options
  let state: State = {
    status: 'disconnected',
    isConnected: false,
    allAccounts: [],
    ready: false,
    error: undefined,
  }
  let network: NetworkState | undefined
  let siwx: SiwxSession | null | undefined
  const stateEmitter = Emitter.create<State>()
  const networkEmitter = Emitter.create<NetworkState>()
  const modalEmitter = Emitter.create<boolean>()
  let modalOpen = false
  const setModal = (open: boolean) => {
    modalOpen = open
    if (open) frame.show()
    else frame.hide()
    modalEmitter.emit(open)
  }
  const siwxEmitter = Emitter.create<SiwxSession | null>()

  const syncProvider = () => controller.sync(state, network)
  const setState = (next: State) => {
    state = next
    syncProvider()
    stateEmitter.emit(state)
  }
  const setNetwork = (next: NetworkState) => {
    network = next
    syncProvider()
    networkEmitter.emit(next)
  }

  const controller = Provider.create({
    request: (params) => channel.request({ method: 'rpc', params }, userRequestTimeoutMs),
  })
  const frame = Frame.create({ document, frameUrl, projectId: config.projectId })
  /** Where the frame's state blob lives in this page's storage (for a frame with none of its own). */
  const persistedKey = `walletframe:${config.projectId}`
  /** What each event from the frame does (initError: the channel fails its calls, onError below). */
  const handle: { [E in FrameEvent as E['event']]?: (data: E['data']) => void } = {
    initialized({ account, network: next }) {
      // A frame that reloaded starts with its modal closed and will not say so again.
      if (modalOpen) setModal(false)
      network = next
      setState({ ...account, ready: true, error: undefined })
      setNetwork(next)
    },
    // Each report is the whole account state: it replaces the last, so a field it leaves out (the
    // address after a disconnect) is gone. The frame reports only once initialised: ready, no error.
    state: (account) => setState({ ...account, ready: true, error: undefined }),
    network: setNetwork,
    modal: ({ open }) => setModal(open),
    siwx(session) {
      siwx = session
      siwxEmitter.emit(session)
    },
    persist: (blob) => Persisted.write(persistedKey, blob),
    eip1193: ({ event, data }) => controller.emit(event, data),
  }
  /** The injected-wallet bridge, loaded on the frame's first request (they are all for it). */
  let injected: Promise<Injected.Injected> | undefined
  const channel = Channel.connect({
    window,
    frame: () => frame.element.contentWindow,
    origin: new URL(frameUrl).origin,
    init: () => ({ config, sdkVersion: version, persisted: Persisted.read(persistedKey) }),
    timeoutMs: requestTimeoutMs,
    onEvent: ({ event, data }) => handle[event]?.(data as never),
    onRequest(...request) {
      injected ??= import('./Injected.js').then((module) =>
        module.watch({ window, post: channel.post, ProviderRpcError }),
      )
      injected.then(
        (bridge) => bridge.answer(...request),
        // The bridge did not load (offline, blocked): the frame still gets an answer.
        (error) =>
          channel.post({
            kind: 'response',
            id: request[0].id,
            error: new InternalRpcError(`${error}`).toJSON(),
          }),
      )
    },
    onError(error) {
      frame.hide()
      setState({ ...state, ready: false, error })
    },
  })
  // Appended to <html> when the script runs in <head>, before <body> exists.
  ;(document.body ?? document.documentElement).append(frame.element)
  const stopAnnouncing = announce({ window, uuid: uuid(), provider: controller.provider })

  // Resolves with what the frame answers (null): the API promises nothing but completion.
  const call = channel.request as (body: Channel.Body, timeoutMs?: number) => Promise<void>

  return {
    open: (openOptions) => call({ method: 'open', params: { view: openOptions?.view } }),
    close: () => call({ method: 'close' }),
    getState: () => state,
    getNetwork: () => network,
    getSiwxSession: () => siwx,
    subscribeState: stateEmitter.on,
    subscribeNetwork: networkEmitter.on,
    subscribeModal: modalEmitter.on,
    subscribeSiwx: siwxEmitter.on,
    switchNetwork: (caipNetworkId) =>
      config.networks.includes(caipNetworkId)
        ? call({ method: 'switchNetwork', params: { caipNetworkId } }, userRequestTimeoutMs)
        : handled(Promise.reject(new UnrecognizedChainError(caipNetworkId))),
    disconnect: () => call({ method: 'disconnect' }),
    setThemeMode: (themeMode) => call({ method: 'setTheme', params: { themeMode } }),
    setThemeVariables: (themeVariables) => call({ method: 'setTheme', params: { themeVariables } }),
    setLocale: (locale) => call({ method: 'setLocale', params: { locale } }),
    provider: controller.provider,
    ready: channel.ready,
    destroy() {
      stopAnnouncing()
      injected?.then(
        (bridge) => bridge.stop(),
        () => {},
      )
      channel.destroy()
      frame.remove()
    },
  }
}

/**
 * EIP-6963 wants a UUIDv4. A blob URL carries one in every context: the File API ends each with a
 * freshly generated random UUID (https://w3c.github.io/FileAPI/#unicodeBlobURL). One path for all
 * pages, where crypto.randomUUID would need a fallback anyway: it exists only in secure contexts.
 */
function uuid(): string {
  const url = URL.createObjectURL(new Blob())
  URL.revokeObjectURL(url)
  return url.slice(-36)
}
