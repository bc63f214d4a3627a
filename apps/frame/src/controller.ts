// The frame's controller: owns the stores, answers the host's requests, and tells the host
// about state, network and modal changes. Views call its actions; they hold no logic of their own.
import {
  type AccountState,
  type FrameConfig,
  formatAddress,
  formatNetworkId,
  type HostConfig,
  type HostEvent,
  type HostInit,
  type HostRequest,
  type InjectedWalletInfo,
  InvalidParamsError,
  messages,
  type RpcRequest,
  UnauthorizedError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  type ViewName,
} from '@walletframe/protocol'
import * as Analytics from './analytics/events.js'
import type { Connector } from './connectors/Connector.js'
import * as Injected from './connectors/injected.js'
import * as WalletConnect from './connectors/walletConnect.js'
import type { HostChannel } from './host/HostChannel.js'
import * as ProjectAccess from './host/projectAccess.js'
import * as JsonRpc from './rpc/jsonRpc.js'
import * as Methods from './rpc/methods.js'
import * as Modal from './state/modal.js'
import * as Networks from './state/networks.js'
import * as Notification from './state/notification.js'
import * as Store from './state/store.js'
import * as Theme from './state/theme.js'
import * as Toast from './state/toast.js'
import * as ViewStack from './viewStack.js'
import * as WalletConnectFlow from './walletConnect/flow.js'
import * as WalletRegistry from './walletRegistry/registry.js'

export type Options = {
  config: FrameConfig
  channel: Pick<HostChannel, 'emit' | 'request'>
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  isMobile: () => boolean
  fetch?: typeof fetch
}

const storageKeys = {
  connector: 'walletframe:connector',
  network: 'walletframe:activeNetwork',
} as const

export const disconnectedAccount: AccountState = {
  status: 'disconnected',
  isConnected: false,
  allAccounts: [],
}

export type Controller = ReturnType<typeof create>

export function create(options: Options) {
  const { config, channel, storage, isMobile } = options
  const modal = Modal.create()
  const toasts = Toast.create()
  const notification = Notification.create()
  const account = Store.create<AccountState>(disconnectedAccount)
  const networks = Networks.create()
  const theme = Theme.create()
  const wallets = Store.create<{ readonly list: readonly InjectedWalletInfo[]; readonly loaded: boolean }>({
    list: [],
    loaded: false,
  })
  const analytics = Analytics.create()
  let host: HostConfig | undefined
  let connector: Connector | undefined
  /** WalletConnect, when the frame config has it; created at init (it needs the host's project). */
  let walletConnect: WalletConnectFlow.Flow | undefined
  const registry = WalletRegistry.create(config, options.fetch ?? ((...args) => fetch(...args)), {
    projectId: () => host?.projectId,
  })
  /** eth_requestAccounts callers waiting for the user to connect in the modal. */
  const connectWaiters = new Set<{ resolve(accounts: string[]): void; reject(error: Error): void }>()

  // --- what the host hears -------------------------------------------------------------------
  account.subscribe((next, previous) => {
    channel.emit('state', next)
    if (next.address !== previous.address)
      channel.emit('eip1193', { event: 'accountsChanged', data: next.address ? [next.address] : [] })
    if (next.isConnected && !previous.isConnected) {
      const chainId = Networks.toNetworkState(networks.get()).chainId
      channel.emit('eip1193', { event: 'connect', data: { chainId } })
      for (const waiter of connectWaiters) waiter.resolve(next.address ? [next.address] : [])
      connectWaiters.clear()
    }
    if (!next.isConnected && previous.isConnected)
      channel.emit('eip1193', { event: 'disconnect', data: { code: 4900, message: 'Disconnected' } })
  })
  networks.subscribe((next, previous) => {
    const state = Networks.toNetworkState(next)
    const before = Networks.toNetworkState(previous)
    if (state.caipNetworkId === before.caipNetworkId && state.supported === before.supported) return
    channel.emit('network', state)
    if (state.chainId && state.chainId !== before.chainId)
      channel.emit('eip1193', { event: 'chainChanged', data: state.chainId })
  })
  modal.subscribe((next, previous) => {
    if (next.open !== previous.open) channel.emit('modal', { open: next.open })
    if (!next.open && previous.open && !account.get().isConnected) {
      for (const waiter of connectWaiters) waiter.reject(new UserRejectedRequestError())
      connectWaiters.clear()
    }
  })

  // --- modal navigation ----------------------------------------------------------------------
  function openContext(): ViewStack.OpenContext {
    return {
      isConnected: account.get().isConnected,
      hasAdapters: networks.hasAdapters(),
      isMobile: isMobile(),
    }
  }

  function runEffects(effects: readonly ViewStack.Effect[]) {
    for (const effect of effects) {
      if (effect.type === 'close') closeModal()
      if (effect.type === 'disconnect')
        void disconnect().catch((error) => toasts.error(String(error.message)))
    }
  }

  function openModal(view?: ViewName) {
    const unsupported = networks.get().unsupportedChainId !== undefined && account.get().isConnected
    modal.setStack(ViewStack.open(openContext(), view ?? (unsupported ? 'UnsupportedChain' : undefined)))
    modal.setOpen(true)
    if (ViewStack.current(modal.get().stack) === 'Connect') void refreshWallets()
  }

  function closeModal() {
    modal.setStack(ViewStack.close({ isConnected: account.get().isConnected }).stack)
    modal.setOpen(false)
  }

  const navigation = {
    push: (view: ViewName) => modal.setStack(ViewStack.push(modal.get().stack, view)),
    replace: (view: ViewName) => modal.setStack(ViewStack.replace(modal.get().stack, view)),
    reset: (view: ViewName) => modal.setStack(ViewStack.reset(modal.get().stack, view)),
    back() {
      const result = ViewStack.back(modal.get().stack, { isConnected: account.get().isConnected })
      modal.setStack(result.stack)
      runEffects(result.effects)
    },
    close: closeModal,
  }

  // --- connection ----------------------------------------------------------------------------
  async function refreshWallets() {
    try {
      wallets.set({ list: await Injected.list(channel), loaded: true })
    } catch {
      wallets.set({ list: [], loaded: true })
    }
  }

  function applyConnection(next: Connector, accounts: readonly string[], chainId: number) {
    const address = accounts[0]
    if (!address) throw new UnauthorizedError('The wallet returned no account')
    connector = next
    applyChain(chainId)
    const network = networks.get().active
    const caipNetworkId = network?.caipNetworkId ?? formatNetworkId('eip155', chainId)
    account.set({
      status: 'connected',
      isConnected: true,
      address,
      caipAddress: formatAddress(caipNetworkId, address),
      allAccounts: accounts.map((item) => ({ namespace: 'eip155', address: item, type: 'eoa' })),
      connector: next.type,
    })
  }

  function applyChain(chainId: number) {
    const network = networks.findEvm(chainId)
    if (network) {
      networks.set((state) => ({ ...state, active: network, unsupportedChainId: undefined }))
      storage.setItem(storageKeys.network, network.caipNetworkId)
    } else networks.set((state) => ({ ...state, unsupportedChainId: chainId }))
  }

  /** A browser wallet in the host page changed accounts or chain, or disconnected. */
  function hostEvent(message: HostEvent) {
    const { rdns, event, data } = message.data
    if (!connector || connector.id !== Injected.connectorId(rdns)) return
    if (event === 'chainChanged' && typeof data === 'string' && /^0x[0-9a-fA-F]+$/.test(data))
      return applyChain(Number.parseInt(data, 16))
    const accounts =
      event === 'accountsChanged' && Array.isArray(data)
        ? data.filter((item) => typeof item === 'string')
        : []
    if (accounts.length > 0) {
      const chainId = Networks.toNetworkState(networks.get()).chainId
      return applyConnection(connector, accounts, chainId ? Number.parseInt(chainId, 16) : 1)
    }
    // No accounts left (the user disconnected the site in the wallet) or the wallet disconnected.
    void disconnect().catch((error: Error) => toasts.error(error.message))
  }

  async function connectInjected(wallet: InjectedWalletInfo) {
    const next = Injected.create(channel, wallet)
    account.set((state) => ({ ...state, status: 'connecting' }))
    try {
      const connection = await next.connect()
      applyConnection(next, connection.accounts, connection.chainId)
      storage.setItem(storageKeys.connector, JSON.stringify({ type: 'injected', wallet }))
      if (networks.get().unsupportedChainId !== undefined)
        modal.setStack(ViewStack.reset(modal.get().stack, 'UnsupportedChain'))
      else closeModal()
    } catch (error) {
      account.set((state) => ({ ...state, status: state.isConnected ? 'connected' : 'disconnected' }))
      const code = (error as { code?: number }).code
      toasts.error(code === 4001 ? 'Connection declined' : `Could not connect: ${(error as Error).message}`)
      modal.shake()
    }
  }

  async function restore() {
    const saved = storage.getItem(storageKeys.connector)
    if (!saved) return
    try {
      const parsed = JSON.parse(saved) as { type?: string; wallet: InjectedWalletInfo }
      if (parsed.type === 'walletConnect') {
        if (!(await walletConnect?.restore())) storage.removeItem(storageKeys.connector)
        return
      }
      const { wallet } = parsed
      const next = Injected.create(channel, wallet)
      const connection = await next.reconnect()
      if (connection) applyConnection(next, connection.accounts, connection.chainId)
      else storage.removeItem(storageKeys.connector)
    } catch {
      // The wallet is gone from this page (uninstalled, another browser profile): start fresh.
      storage.removeItem(storageKeys.connector)
    }
  }

  async function disconnect() {
    const current = connector
    connector = undefined
    storage.removeItem(storageKeys.connector)
    account.set(disconnectedAccount)
    networks.set((state) => ({ ...state, unsupportedChainId: undefined }))
    if (modal.get().open) modal.setStack(ViewStack.reset(modal.get().stack, 'Connect'))
    else modal.setStack(ViewStack.close({ isConnected: false }).stack)
    try {
      if (current?.type === 'walletConnect') await walletConnect?.disconnect()
      else await current?.disconnect()
    } catch {
      throw new Error(messages.failedToDisconnect)
    }
  }

  async function switchNetwork(caipNetworkId: string) {
    const network = networks.find(caipNetworkId)
    if (!network) throw new UnrecognizedChainError(caipNetworkId)
    if (connector && network.chainNamespace === 'eip155') {
      const chainId = Networks.hexChainId(network)
      try {
        await connector.request('wallet_switchEthereumChain', [{ chainId }])
      } catch (error) {
        if ((error as { code?: number }).code !== 4902) throw error
        await connector.request('wallet_addEthereumChain', [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
          },
        ])
      }
    }
    networks.set((state) => ({ ...state, active: network, unsupportedChainId: undefined }))
    storage.setItem(storageKeys.network, network.caipNetworkId)
    if (modal.get().open && ViewStack.current(modal.get().stack) === 'UnsupportedChain') closeModal()
  }

  // --- EIP-1193 requests from the host -------------------------------------------------------
  async function rpc(request: RpcRequest): Promise<unknown> {
    const route = Methods.route(request.method)
    if (route === 'blocked') throw new UnsupportedMethodError(request.method)
    if (route === 'local') return local(request)
    if (request.method === 'wallet_switchEthereumChain') return switchFromParams(request.params)
    if (route === 'chain') {
      const network = request.chainId ? networks.find(request.chainId) : networks.get().active
      if (!network) throw new UnrecognizedChainError(request.chainId ?? 'none')
      const url = network.rpcUrls.default.http[0] as string
      return JsonRpc.call(url, request.method, request.params, options.fetch ? { fetch: options.fetch } : {})
    }
    if (!connector) throw new UnauthorizedError(messages.connectBeforeRequest)
    if (connector.type === 'walletConnect' && walletConnect) {
      try {
        return await walletConnect.request(request.method, request.params)
      } catch (error) {
        if (error instanceof UnsupportedMethodError) toasts.error(messages.actionNotAllowed)
        throw error
      }
    }
    return connector.request(request.method, request.params)
  }

  async function switchFromParams(params: unknown) {
    const chainId = (Array.isArray(params) ? params[0] : undefined) as { chainId?: unknown } | undefined
    if (typeof chainId?.chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId.chainId))
      throw new InvalidParamsError('wallet_switchEthereumChain expects [{ chainId: "0x…" }]')
    await switchNetwork(formatNetworkId('eip155', Number.parseInt(chainId.chainId, 16)))
    return null
  }

  function local(request: RpcRequest): unknown {
    const state = account.get()
    if (request.method === 'eth_chainId') {
      const chainId = Networks.toNetworkState(networks.get()).chainId
      if (!chainId) throw new UnrecognizedChainError('eip155')
      return chainId
    }
    if (request.method === 'eth_accounts') return state.address ? [state.address] : []
    // eth_requestAccounts: answer at once when connected, otherwise let the user connect.
    if (state.address) return [state.address]
    return new Promise<string[]>((resolve, reject) => {
      connectWaiters.add({ resolve, reject })
      openModal()
    })
  }

  async function request(message: HostRequest): Promise<unknown> {
    switch (message.method) {
      case 'open':
        openModal(message.params.view)
        return null
      case 'close':
        closeModal()
        return null
      case 'rpc':
        return rpc(message.params)
      case 'switchNetwork':
        await switchNetwork(message.params.caipNetworkId)
        return null
      case 'disconnect':
        await disconnect()
        return null
      case 'setTheme':
        theme.set((current) => ({
          mode: message.params.themeMode ?? current.mode,
          variables: message.params.themeVariables ?? current.variables,
        }))
        return null
    }
  }

  async function init(message: HostInit, origin: string) {
    const access = await ProjectAccess.resolve({
      config,
      projectId: message.config.projectId,
      origin,
      sdk: { type: message.sdkType, version: message.sdkVersion },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
    host = message.config
    const known = host.networks.flatMap((id) =>
      access.networks.filter((network) => network.caipNetworkId === id),
    )
    const saved = storage.getItem(storageKeys.network)
    const active =
      known.find((network) => network.caipNetworkId === saved) ??
      known.find((network) => network.caipNetworkId === host?.defaultNetwork) ??
      known[0]
    networks.set({ available: known, active, unsupportedChainId: undefined })
    theme.set({ mode: host.themeMode, variables: host.themeVariables })
    modal.setStack(ViewStack.open(openContext()))
    // A re-handshake from the same host keeps the WalletConnect client and its session.
    if (config.walletConnect) walletConnect ??= createWalletConnect(config.walletConnect, host)
    await restore()
    return { account: account.get(), network: Networks.toNetworkState(networks.get()) }
  }

  // --- WalletConnect -------------------------------------------------------------------------
  function createWalletConnect(wc: NonNullable<FrameConfig['walletConnect']>, hostConfig: HostConfig) {
    const flow = WalletConnectFlow.create({
      connector: WalletConnect.create({
        config: wc,
        projectId: hostConfig.projectId,
        metadata: hostConfig.metadata,
        networks: () => ({
          available: networks.get().available,
          active: networks.get().active?.caipNetworkId,
        }),
      }),
      storage,
      analytics,
      findWallet: registry.findByName,
      hooks: {
        connected(next, connection, restored) {
          applyConnection(next, connection.accounts, connection.chainId)
          storage.setItem(storageKeys.connector, JSON.stringify({ type: 'walletConnect' }))
          if (restored) return
          if (networks.get().unsupportedChainId !== undefined)
            modal.setStack(ViewStack.reset(modal.get().stack, 'UnsupportedChain'))
          else closeModal()
        },
        accountsChanged(accounts) {
          const chainId = Networks.toNetworkState(networks.get()).chainId
          if (accounts.length === 0 || !connector || !chainId) return
          applyConnection(connector, accounts, Number.parseInt(chainId, 16))
        },
        chainChanged(chainId) {
          const accounts = account.get().allAccounts.map((entry) => entry.address)
          if (connector && accounts.length) applyConnection(connector, accounts, chainId)
          else applyChain(chainId)
        },
        disconnected(reason) {
          if (reason === 'expired') toasts.error(messages.sessionExpired)
          void disconnect().catch((error: Error) => toasts.error(error.message))
        },
        relay(up) {
          // A banner, not a toast: it stays while the relay is away and goes when it is back.
          if (!up && account.get().connector === 'walletConnect')
            notification.show('Lost the connection to the WalletConnect relay. Reconnecting…', 'warning')
          else if (up) notification.hide()
        },
      },
    })
    // While the wallet has a request open, the modal says so and offers to cancel it.
    let openedForRequest = false
    flow.pending.subscribe((list, previous) => {
      if (list.length > 0 && previous.length === 0) {
        openedForRequest = !modal.get().open
        if (openedForRequest) openModal('WalletRequest')
        else navigation.push('WalletRequest')
      }
      if (
        list.length === 0 &&
        previous.length > 0 &&
        ViewStack.current(modal.get().stack) === 'WalletRequest'
      ) {
        if (openedForRequest) closeModal()
        else navigation.back()
      }
    })
    return flow
  }

  return {
    stores: { modal, toasts, notification, account, networks, theme, wallets },
    analytics,
    registry,
    isMobile,
    get walletConnect() {
      return walletConnect
    },
    get host() {
      return host
    },
    init,
    request,
    hostEvent,
    navigation,
    openModal,
    closeModal,
    connectInjected,
    refreshWallets,
    disconnect,
    switchNetwork,
  }
}
