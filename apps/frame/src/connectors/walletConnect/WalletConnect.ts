// WalletConnect v2 as a Connector: pairs by URI (QR or deep link), restores the session on reload
// from the frame's storage (whatever regime the browser gives it), sends wallet calls over the relay
// for the CAIP-2 chain they name, lists the calls that wait for the wallet app (cancellable), and
// reports the wallet's account, chain and session changes. The pairing it shows on screen is
// `pairing`. sign-client loads lazily so the Connect view paints before it.
import type { SignClientTypes } from '@walletconnect/types'
import {
  type ChainNetwork,
  DisconnectedError,
  type FrameWalletConnect,
  messages,
  ProviderRpcError,
  rpcErrorCodes,
  UnrecognizedChainError,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import type { Storage } from '../../storage/Storage.js'
import type { Connector, Event } from '../Connector.js'
import { CallsStatusNotApprovedError, toProviderError } from './internal/errors.js'
import * as Namespaces from './internal/namespaces.js'
import * as Pairing from './internal/pairing.js'
import * as PendingRequests from './internal/pendingRequests.js'
import type * as Refresher from './internal/refresher.js'
import * as Relay from './internal/relay.js'
import * as Session from './internal/session.js'
import * as SessionAnswers from './internal/sessionAnswers.js'
import * as SignClient from './internal/signClient.js'
import type * as SignIn from './internal/signIn.js'

export type { ConnectionState as PairingState, WcLinking } from './internal/connectionState.js'
export { RelayUnavailableError, StalePairingError, toProviderError } from './internal/errors.js'
export type { Pairing } from './internal/pairing.js'

/** The WalletConnect connector, with the pairing its views show. */
export type WalletConnect = Connector & { readonly pairing: Pairing.Pairing }

export declare namespace create {
  type Options = {
    config: FrameWalletConnect
    /** The host's project: sessions are stored per project. */
    projectId: string
    /** The host app as the wallet shows it. */
    metadata: SignClientTypes.Metadata
    /** Non-secret state: sign-client's session data, recent wallets, the deep-link choice. */
    storage: Storage
    /** The host's networks and the active one (proposal namespaces, the chain of requests). */
    networks(): { available: readonly ChainNetwork[]; active: string | undefined }
    /** Finds a registry wallet by the name the wallet app reports (for the recent list). */
    findWallet?(name: string): RegistryWallet | undefined
    /** Tracking events of the pairing: a failed pairing (CONNECT_ERROR), a wallet opened by link. */
    track?(event: 'CONNECT_ERROR' | 'SELECT_WALLET', properties: Record<string, string>): void
    /**
     * What to ask a wallet to sign in to while it approves the session (one-click sign-in), when the
     * host wants sign-in; undefined for none. Asked once per pairing (each needs a fresh nonce).
     */
    signIn?: () => Promise<SignIn.SignInRequest | undefined>
    /** How long to wait for the relay when it dropped the socket before a request (default 5 s). */
    relayTimeoutMs?: number
    /** How often to try reconnecting to the relay while a session exists (default 5 s). */
    reconnectIntervalMs?: number
    /**
     * How long a chain switch the wallet accepted waits for the session_update that adds the chain
     * (default 3 s); without it the switch is refused with 4902.
     */
    switchUpdateTimeoutMs?: number
    now?: () => number
    timers?: Refresher.Timers
    /** Starts sign-client (tests replace it with a fake). */
    loadSignClient?: typeof SignClient.load
  }
}

export function create(options: create.Options): WalletConnect {
  const { storage, now = Date.now, loadSignClient = SignClient.load } = options
  const relayUrl = options.config.relayUrl ?? SignClient.defaultRelayUrl
  const listeners = new Set<(event: Event) => void>()
  const emit = (event: Event) => {
    for (const listener of listeners) listener(event)
  }
  const pending = PendingRequests.create(now)
  pending.subscribe((requests) => emit({ type: 'pendingRequests', requests }))

  const session = Session.create({
    networks: options.networks,
    signIn: options.signIn,
    switchUpdateTimeoutMs: options.switchUpdateTimeoutMs,
    onEvent(event) {
      if (event.type !== 'ended') return emit(event)
      pending.cancelAll()
      pairing.reset()
      emit({ type: 'disconnect', reason: event.reason === 'expired' ? 'expired' : 'ended' })
    },
  })

  let loading: Promise<SignClient.SignClient> | undefined
  function client(): Promise<SignClient.SignClient> {
    loading ??= loadSignClient(options).then((signClient) => {
      session.follow(signClient)
      Relay.follow(signClient.core.relayer, {
        holdsSession: () => session.current() !== undefined,
        onChange: (connected) => emit({ type: 'transport', connected, via: 'the WalletConnect relay' }),
        reconnectIntervalMs: options.reconnectIntervalMs,
      })
      return signClient
    })
    // A failed load (e.g. storage blocked) must be retried on the next attempt.
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  const pairing = Pairing.create({
    propose: () => session.propose(client),
    cancelProposal: () => session.cancelProposal(),
    preload: () => void client().catch(() => undefined),
    peerName: () => session.peer()?.name,
    storage,
    findWallet: options.findWallet,
    track: options.track,
    onConnect: (connection, method, walletName) => emit({ type: 'connect', connection, method, walletName }),
    now,
    timers: options.timers,
  })

  /** Sends a call over the relay, once its socket is up. */
  async function send(method: string, params: unknown, chain: string): Promise<unknown> {
    const signClient = await client()
    const current = session.current()
    if (!current) throw new DisconnectedError(messages.connectBeforeRequest)
    await Relay.ready(signClient.core.relayer, { url: relayUrl, timeoutMs: options.relayTimeoutMs })
    try {
      return await signClient.request({ topic: current.topic, chainId: chain, request: { method, params } })
    } catch (error) {
      throw toProviderError(error)
    }
  }

  /** Makes `chain` the active one: locally when the session has it, else by asking the wallet. */
  async function switchChain(chain: string): Promise<void> {
    const current = session.current()
    const activeChain = session.activeChain()
    if (!current || !activeChain) throw new DisconnectedError(messages.connectBeforeRequest)
    // A chain switch needs the chain approved in the session or the wallet's switch method.
    const decision = Namespaces.decideSwitch(current.namespaces, chain, activeChain)
    switch (decision.type) {
      case 'switchLocally':
        return session.setActiveChain(chain)
      case 'askWalletToSwitch':
        await send('wallet_switchEthereumChain', [{ chainId: decision.hexChainId }], activeChain)
        // A wallet may answer success without adding the chain to the session; every call to it
        // would then fail (unapproved chain), so the frame stays where it is.
        if (!(await session.gains(chain))) throw new UnrecognizedChainError(chain)
        return session.setActiveChain(chain)
      case 'unrecognizedChain':
        throw new UnrecognizedChainError(chain)
      case 'invalidChainId':
        throw new ProviderRpcError(rpcErrorCodes.invalidChainId, 'Invalid chain id')
    }
  }

  return {
    id: 'walletConnect',
    type: 'walletConnect',
    name: 'WalletConnect',
    pairing: pairing.pairing,
    async connect() {
      const { approval } = await session.propose(client)
      return approval
    },
    async reconnect() {
      const connection = session.restore(await client())
      if (connection) pairing.connected()
      return connection
    },
    async disconnect() {
      pending.cancelAll()
      pairing.reset()
      const current = session.clear()
      if (!current || !loading) return
      const signClient = await client()
      await signClient.disconnect({
        topic: current.topic,
        reason: { code: 6000, message: 'User disconnected.' },
      })
    },
    async request({ method, params, network }) {
      const current = session.current()
      if (current && SessionAnswers.methods.has(method)) {
        const networks = options.networks().available
        const answered = await SessionAnswers.answer(current, { method, params, network }, networks)
        if (answered !== undefined) return answered
      }
      return pending.run(method, async () => {
        const current = session.current()
        if (!current) throw new DisconnectedError(messages.connectBeforeRequest)
        // Only what the wallet approved for that chain goes to it.
        if (!Namespaces.approves(current.namespaces, method, network))
          throw method === 'wallet_getCallsStatus'
            ? new CallsStatusNotApprovedError()
            : new UnsupportedMethodError(method)
        return send(method, params, network)
      })
    },
    async switchNetwork(network) {
      await pending.run('wallet_switchEthereumChain', () => switchChain(network.caipNetworkId))
    },
    cancelRequest: (id) => pending.cancel(id),
    walletApp: () => pairing.pairing.walletLink(),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
