// WalletConnect v2 (sign-client) as a Connector: pairs by URI (QR or deep link), restores the
// session on reload from the frame origin's IndexedDB, sends the host's wallet calls over the
// relay, and reports the wallet's account, chain and session changes. sign-client loads lazily so
// the Connect view paints before it.

import type { ICore, SessionTypes, SignClientTypes } from '@walletconnect/types'
import {
  type ChainNetwork,
  DisconnectedError,
  type FrameWalletConnect,
  InternalRpcError,
  messages,
  ProviderRpcError,
  rpcErrorCodes,
  UnrecognizedChainError,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import * as LocalVerify from '../walletConnect/localVerify.js'
import * as Namespaces from '../walletConnect/namespaces.js'
import type { Pairing } from '../walletConnect/pairing.js'
import type { Connection, Connector } from './Connector.js'

type SignClient = Awaited<ReturnType<typeof import('@walletconnect/sign-client').SignClient.init>>

export type Event =
  | { readonly type: 'accountsChanged'; readonly accounts: readonly string[] }
  | { readonly type: 'chainChanged'; readonly chainId: number }
  /** The session ended on the wallet's side (session_delete) or ran out (session_expire). */
  | { readonly type: 'disconnect'; readonly reason: 'deleted' | 'expired' }
  | { readonly type: 'relay'; readonly connected: boolean }

export type Peer = { readonly name: string; readonly url: string; readonly icon: string | undefined }

export declare namespace create {
  type Options = {
    config: FrameWalletConnect
    /** The host's project: sessions are stored per project in the frame origin. */
    projectId: string
    /** The host app as the wallet shows it. */
    metadata: SignClientTypes.Metadata
    /** The host's networks and the active one (proposal namespaces, the chain of requests). */
    networks(): { available: readonly ChainNetwork[]; active: string | undefined }
    /** How long to wait for the relay when it dropped the socket before a request (default 5 s). */
    relayTimeoutMs?: number
    /** How often to try reconnecting to the relay while a session exists (default 5 s). */
    reconnectIntervalMs?: number
  }
}

export type WalletConnectConnector = Connector & {
  readonly type: 'walletConnect'
  /** A new pairing: the `wc:` URI to show and the wallet's approval of it. */
  pair(): Promise<Pairing<Connection>>
  /** The URI on screen was abandoned: a later approval of it is refused (StalePairingError). */
  cancelPairing(): void
  subscribe(listener: (event: Event) => void): () => void
  /** The connected wallet app, once there is a session. */
  peer(): Peer | undefined
  /** Starts loading sign-client (e.g. when the Connect view opens). */
  preload(): void
}

/** A wallet approved a pairing URI that had been replaced or abandoned; its session was ended. */
export class StalePairingError extends Error {
  override name = 'StalePairingError'
  readonly code = 'STALE_PAIRING'
  constructor() {
    super('This connection link was replaced by a newer one. Scan the code shown now.')
  }
}

/** The relay could not be reached in time. */
export class RelayUnavailableError extends DisconnectedError {
  override name = 'RelayUnavailableError'
  constructor(url: string) {
    super(`Cannot reach the WalletConnect relay (${url}). Check the connection, then try again.`)
  }
}

/** A sign-client rejection as a typed EIP-1193 error (wallet errors keep their code). */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const candidate = error as { code?: unknown; message?: unknown; data?: unknown } | undefined
  const message = typeof candidate?.message === 'string' ? candidate.message : String(error)
  if (typeof candidate?.code === 'number' && candidate.code !== 0)
    return new ProviderRpcError(candidate.code, message, candidate.data)
  // sign-client's own checks: "No matching key. session topic doesn't exist", "Missing or invalid.
  // Record was recently deleted", "Expired. session topic: …".
  if (/recently deleted|doesn't exist|No matching key|Expired/i.test(message))
    return new DisconnectedError(`The WalletConnect session ended: ${message}`)
  return new InternalRpcError(message)
}

export function create(options: create.Options): WalletConnectConnector {
  const { config } = options
  const relayUrl = config.relayUrl ?? 'wss://relay.walletconnect.org'
  const listeners = new Set<(event: Event) => void>()
  let loading: Promise<SignClient> | undefined
  let session: SessionTypes.Struct | undefined
  /** CAIP-2 chain the host's calls go to. */
  let activeChain: string | undefined
  /** Bumped by every pair() and cancelPairing(): only the newest pairing may become the session. */
  let latestPairing = 0

  const emit = (event: Event) => {
    for (const listener of listeners) listener(event)
  }

  function client(): Promise<SignClient> {
    loading ??= init()
    // A failed load (e.g. storage blocked) must be retried on the next attempt.
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  async function init(): Promise<SignClient> {
    const [{ SignClient }, { Core }] = await Promise.all([
      import('@walletconnect/sign-client'),
      import('@walletconnect/core'),
    ])
    const core = new Core({
      projectId: config.projectId,
      relayUrl,
      // Sessions of different host projects must not see each other in the frame origin.
      customStoragePrefix: `walletframe:${options.projectId}`,
      telemetryEnabled: false,
      logger: 'error',
    })
    if (!(config.verify ?? config.relayUrl === undefined))
      (core as unknown as { verify: ICore['verify'] }).verify = LocalVerify.create(core as unknown as ICore)
    const signClient = await SignClient.init({
      // Core's class and the ICore interface differ only under exactOptionalPropertyTypes.
      core: core as unknown as ICore,
      metadata: options.metadata,
    })
    listen(signClient)
    return signClient
  }

  function listen(signClient: SignClient) {
    const mine = (topic: string) => session?.topic === topic
    signClient.on('session_event', ({ topic, params }) => {
      if (!mine(topic)) return
      const { name, data } = params.event
      if (name === 'accountsChanged' && Array.isArray(data)) {
        const accounts = data
          .filter((item): item is string => typeof item === 'string')
          .map((item) => (item.includes(':') ? (item.split(':')[2] as string) : item))
        emit({ type: 'accountsChanged', accounts })
      }
      if (name === 'chainChanged') {
        const chainId = Namespaces.parseChainId(data) ?? Namespaces.parseChainId(params.chainId)
        if (chainId === undefined) return
        activeChain = `eip155:${chainId}`
        emit({ type: 'chainChanged', chainId })
      }
    })
    signClient.on('session_update', ({ topic, params }) => {
      if (!mine(topic) || !session) return
      session = { ...session, namespaces: params.namespaces }
      const accounts = Namespaces.evmAccounts(params.namespaces, activeChain)
      if (accounts.length) emit({ type: 'accountsChanged', accounts })
    })
    signClient.on('session_delete', ({ topic }) => {
      if (!mine(topic)) return
      session = undefined
      emit({ type: 'disconnect', reason: 'deleted' })
    })
    signClient.on('session_expire', ({ topic }) => {
      if (!mine(topic)) return
      session = undefined
      emit({ type: 'disconnect', reason: 'expired' })
    })
    // session_ping needs no answer from the dapp beyond sign-client's own ack; it proves liveness.
    // sign-client retries a dropped socket once, then only when the dapp next publishes; a session
    // would miss the wallet's events until then. Keep trying every heartbeat (SPEC §9: 5 s).
    const relayer = signClient.core.relayer
    let retry: ReturnType<typeof setInterval> | undefined
    const stopRetrying = () => {
      clearInterval(retry)
      retry = undefined
    }
    relayer.on('relayer_connect', () => {
      stopRetrying()
      emit({ type: 'relay', connected: true })
    })
    relayer.on('relayer_disconnect', () => {
      emit({ type: 'relay', connected: false })
      if (retry !== undefined) return
      retry = setInterval(() => {
        if (relayer.connected || !session) return stopRetrying()
        // A failed attempt is reported by the next request; this loop only keeps trying.
        relayer.transportOpen().catch(() => undefined)
      }, options.reconnectIntervalMs ?? 5_000)
    })
  }

  function adopt(next: SessionTypes.Struct): Connection {
    const chains = Namespaces.chainsOf(next.namespaces.eip155)
    const preferred = options.networks().active
    activeChain =
      (activeChain && chains.includes(activeChain) ? activeChain : undefined) ??
      (preferred && chains.includes(preferred) ? preferred : undefined) ??
      chains[0]
    const chainId = Namespaces.parseChainId(activeChain)
    const accounts = Namespaces.evmAccounts(next.namespaces, activeChain)
    if (chainId === undefined || accounts.length === 0)
      throw new UnrecognizedChainError('The wallet approved no EVM account on the requested networks')
    session = next
    return { accounts, chainId }
  }

  async function pair(): Promise<Pairing<Connection>> {
    const attempt = ++latestPairing
    const signClient = await client()
    const { available, active } = options.networks()
    const { uri, approval } = await signClient.connect({
      optionalNamespaces: Namespaces.fromNetworks(available, active),
    })
    if (!uri) throw new InternalRpcError('WalletConnect returned no pairing URI')
    return {
      uri,
      approval: approval().then(
        async (approved) => {
          if (attempt !== latestPairing) {
            // A wallet scanned a URI the frame no longer shows (replaced or abandoned): end that
            // session at once so the wallet does not believe it is connected.
            await signClient
              .disconnect({ topic: approved.topic, reason: { code: 6000, message: 'Pairing replaced' } })
              .catch(() => undefined)
            throw new StalePairingError()
          }
          return adopt(approved)
        },
        (error: unknown) => {
          throw toProviderError(error)
        },
      ),
    }
  }

  /**
   * Makes sure the relay socket is up before a call, so a dead relay fails within `relayTimeoutMs`
   * with a clear error instead of leaving the call queued until it expires. sign-client retries a
   * dropped socket in the background (5 attempts, growing pauses); this joins that attempt or starts
   * one, and resolves as soon as any attempt connects.
   */
  async function relayReady(signClient: SignClient) {
    const relayer = signClient.core.relayer
    if (relayer.connected) return
    const timeoutMs = options.relayTimeoutMs ?? 5_000
    await new Promise<void>((resolve, reject) => {
      const onConnect = () => {
        cleanup()
        resolve()
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new RelayUnavailableError(relayUrl))
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        relayer.off('relayer_connect', onConnect)
      }
      relayer.on('relayer_connect', onConnect)
      relayer.transportOpen().then(
        () => {
          if (relayer.connected) onConnect()
        },
        // This attempt gave up; a later one (or the timeout) settles the wait.
        () => undefined,
      )
    })
  }

  async function send(method: string, params: unknown, chain: string): Promise<unknown> {
    const signClient = await client()
    const current = session
    if (!current) throw new DisconnectedError(messages.connectBeforeRequest)
    await relayReady(signClient)
    try {
      return await signClient.request({ topic: current.topic, chainId: chain, request: { method, params } })
    } catch (error) {
      throw toProviderError(error)
    }
  }

  return {
    id: 'walletConnect',
    type: 'walletConnect',
    name: 'WalletConnect',
    async connect() {
      const { approval } = await pair()
      return approval
    },
    async reconnect() {
      const signClient = await client()
      // sign-client drops expired sessions when it starts; the newest live one is ours.
      const live = signClient.session
        .getAll()
        .filter((item) => item.acknowledged && item.namespaces.eip155)
        .sort((a, b) => b.expiry - a.expiry)[0]
      return live ? adopt(live) : undefined
    },
    async request(method, params) {
      const current = session
      if (!current || !activeChain) throw new DisconnectedError(messages.connectBeforeRequest)
      // SPEC §5: only what the wallet approved goes to it; a chain switch needs the chain approved
      // or wallet_switchEthereumChain supported.
      const decision = Namespaces.decide(current.namespaces, { method, params }, activeChain)
      switch (decision.type) {
        case 'wallet':
          return send(method, params, activeChain)
        case 'switchLocally':
          activeChain = decision.chain
          return null
        case 'askWalletToSwitch':
          await send(method, params, activeChain)
          activeChain = decision.chain
          return null
        case 'unrecognizedChain':
          throw new UnrecognizedChainError(decision.chain)
        case 'invalidChainId':
          throw new ProviderRpcError(rpcErrorCodes.invalidChainId, 'Invalid chain id')
        case 'notAllowed':
          throw new UnsupportedMethodError(method)
      }
    },
    async disconnect() {
      const current = session
      session = undefined
      activeChain = undefined
      if (!current || !loading) return
      const signClient = await client()
      await signClient.disconnect({
        topic: current.topic,
        reason: { code: 6000, message: 'User disconnected.' },
      })
    },
    pair,
    cancelPairing() {
      latestPairing++
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    peer() {
      if (!session) return undefined
      const { name, url, icons } = session.peer.metadata
      return { name, url, icon: icons[0] }
    },
    preload() {
      void client().catch(() => undefined)
    },
  }
}
