// WalletConnect v2 over sign-client: pairs by URI (QR or deep link), restores the session on reload
// from the frame's storage (whatever regime the browser gives it), sends wallet calls over the relay
// for the CAIP-2 chain they name, and reports the wallet's account, chain and session changes.
// sign-client loads lazily so the Connect view paints before it. connector.ts adapts this to the
// Connector contract.

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
  UserRejectedRequestError,
} from '@walletframe/protocol'
import { messageOf, rpcCode, toProviderError as toFrameProviderError } from '../../lib/errors.js'
import * as KeyValueStorage from '../../storage/KeyValueStorage.js'
import type { Storage } from '../../storage/Storage.js'
import type { Connection } from '../Connector.js'
import * as LocalVerify from './localVerify.js'
import * as Namespaces from './namespaces.js'
import type { Pairing } from './pairing.js'
import * as SignIn from './signIn.js'

type SignClient = Awaited<ReturnType<typeof import('@walletconnect/sign-client').SignClient.init>>

export type Event =
  | { readonly type: 'accountsChanged'; readonly accounts: Connection['accounts'] }
  | { readonly type: 'chainChanged'; readonly network: Connection['network'] }
  /** The session ended on the wallet's side (session_delete) or ran out (session_expire). */
  | { readonly type: 'disconnect'; readonly reason: 'deleted' | 'expired' }
  | { readonly type: 'relay'; readonly connected: boolean }

export type Peer = { readonly name: string; readonly url: string; readonly icon: string | undefined }

export declare namespace create {
  type Options = {
    config: FrameWalletConnect
    /** The host's project: sessions are stored per project. */
    projectId: string
    /** Where sign-client keeps its sessions, keys and messages. */
    storage: Storage
    /** The host app as the wallet shows it. */
    metadata: SignClientTypes.Metadata
    /** The host's networks and the active one (proposal namespaces, the chain of requests). */
    networks(): { available: readonly ChainNetwork[]; active: string | undefined }
    /** How long to wait for the relay when it dropped the socket before a request (default 5 s). */
    relayTimeoutMs?: number
    /** How often to try reconnecting to the relay while a session exists (default 5 s). */
    reconnectIntervalMs?: number
    /**
     * How long a chain switch the wallet accepted waits for the session_update that adds the chain
     * (default 3 s); without it the switch is refused with 4902.
     */
    switchUpdateTimeoutMs?: number
    /**
     * What to ask a wallet to sign in to while it approves the session (one-click sign-in), when the
     * host wants sign-in; undefined for none. Asked once per pairing (each needs a fresh nonce).
     */
    signIn?: () => Promise<SignIn.SignInRequest | undefined>
  }
}

export type WalletConnect = {
  /** Restores the newest live session without asking the user. */
  reconnect(): Promise<Connection | undefined>
  /** Sends a call to the wallet for `chain`, if the session approved the method there. */
  request(method: string, params: unknown, chain: string): Promise<unknown>
  /** Makes `chain` the active one: locally when the session has it, else by asking the wallet. */
  switchChain(chain: string): Promise<void>
  disconnect(): Promise<void>
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

/**
 * WalletConnect's rejection codes (USER_REJECTED, _CHAINS, _METHODS, _EVENTS: 5000–5003), which the
 * SDKs' getSdkError('USER_REJECTED') gives wallets. Hosts (viem, wagmi) recognise a user's refusal
 * only as EIP-1193 4001.
 */
export const walletConnectRejections = new Set([5000, 5001, 5002, 5003])

/** A sign-client rejection as a typed EIP-1193 error (wallet errors keep their code). */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = rpcCode(error)
  const message = messageOf(error)
  if (code !== undefined && walletConnectRejections.has(code)) return new UserRejectedRequestError(message)
  if (code !== undefined && code !== 0) return toFrameProviderError(error)
  // sign-client's own checks: "No matching key. session topic doesn't exist", "Missing or invalid.
  // Record was recently deleted", "Expired. session topic: …".
  if (/recently deleted|doesn't exist|No matching key|Expired/i.test(message))
    return new DisconnectedError(`The WalletConnect session ended: ${message}`)
  return new InternalRpcError(message)
}

export function create(options: create.Options): WalletConnect {
  const { config } = options
  const relayUrl = config.relayUrl ?? 'wss://relay.walletconnect.org'
  const listeners = new Set<(event: Event) => void>()
  let loading: Promise<SignClient> | undefined
  let session: SessionTypes.Struct | undefined
  /** CAIP-2 chain the host's calls go to. */
  let activeChain: string | undefined
  /** Bumped by every pair() and cancelPairing(): only the newest pairing may become the session. */
  let latestPairing = 0
  /** Called on every session_update and session end: switches waiting for their chain. */
  const chainWaiters = new Set<() => void>()

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
      storage: KeyValueStorage.create(options.storage),
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
      const eventChain = typeof params.chainId === 'string' ? params.chainId : activeChain
      if (name === 'accountsChanged' && Array.isArray(data) && eventChain) {
        const announced = Namespaces.toCaipAccounts(data, eventChain)
        if (session) select(signClient, Namespaces.withSelected(session, announced))
        if (announced.length) emit({ type: 'accountsChanged', accounts: accountsOf(session) })
      }
      if (name === 'chainChanged') {
        const chainId = Namespaces.parseChainId(data) ?? Namespaces.parseChainId(params.chainId)
        if (chainId === undefined) return
        activeChain = `eip155:${chainId}`
        emit({ type: 'chainChanged', network: activeChain as Connection['network'] })
      }
    })
    signClient.on('session_update', ({ topic, params }) => {
      if (!mine(topic) || !session) return
      // New namespaces list accounts in the wallet's order; the account the wallet last announced
      // stays selected while the update still holds it.
      const selected = Namespaces.accounts(session.namespaces).slice(0, 1)
      select(signClient, Namespaces.withSelected({ ...session, namespaces: params.namespaces }, selected))
      for (const waiter of chainWaiters) waiter()
      const accounts = accountsOf(session)
      if (accounts.length) emit({ type: 'accountsChanged', accounts })
    })
    signClient.on('session_delete', ({ topic }) => {
      if (!mine(topic)) return
      session = undefined
      for (const waiter of chainWaiters) waiter()
      emit({ type: 'disconnect', reason: 'deleted' })
    })
    signClient.on('session_expire', ({ topic }) => {
      if (!mine(topic)) return
      session = undefined
      for (const waiter of chainWaiters) waiter()
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

  /**
   * Makes `next` (the session with the selected account first) the current session and writes it to
   * sign-client's store: a local record, not a message to the wallet, so a reload restores the
   * account the wallet last announced rather than the first it approved.
   */
  function select(signClient: SignClient, next: SessionTypes.Struct) {
    session = next
    signClient.session.update(next.topic, { namespaces: next.namespaces }).catch(() => undefined)
  }

  /**
   * Waits until the session holds `chain` (the wallet's session_update adding it may arrive just
   * after its answer to wallet_switchEthereumChain); false after `switchUpdateTimeoutMs`.
   */
  function sessionGains(chain: string): Promise<boolean> {
    const holds = () => Boolean(session && Namespaces.hasChain(session.namespaces, chain))
    if (holds()) return Promise.resolve(true)
    return new Promise((resolve) => {
      const check = () => {
        if (!holds() && session) return
        done()
        resolve(holds())
      }
      const timer = setTimeout(() => {
        done()
        resolve(holds())
      }, options.switchUpdateTimeoutMs ?? 3_000)
      const done = () => {
        clearTimeout(timer)
        chainWaiters.delete(check)
      }
      chainWaiters.add(check)
    })
  }

  function accountsOf(current: SessionTypes.Struct | undefined): Connection['accounts'] {
    return current ? Namespaces.accounts(current.namespaces) : []
  }

  function adopt(next: SessionTypes.Struct): Connection {
    const chains = Namespaces.allChains(next.namespaces)
    const preferred = options.networks().active
    activeChain =
      (activeChain && chains.includes(activeChain) ? activeChain : undefined) ??
      (preferred && chains.includes(preferred) ? preferred : undefined) ??
      chains.find((chain) => chain.startsWith('eip155:')) ??
      chains[0]
    const accounts = accountsOf(next)
    if (!activeChain || accounts.length === 0)
      throw new UnrecognizedChainError('The wallet approved no account on the requested networks')
    session = next
    // A wallet that signed the proposal's sign-in request answered with its CACAO.
    const cacao = next.authentication?.[0]
    const signedIn = cacao ? SignIn.toSession(cacao) : undefined
    return {
      accounts,
      network: activeChain as Connection['network'],
      ...(signedIn ? { signIn: signedIn } : {}),
    }
  }

  async function pair(): Promise<Pairing<Connection>> {
    const attempt = ++latestPairing
    const signClient = await client()
    const { available, active } = options.networks()
    const signIn = await options.signIn?.()
    const { uri, approval } = await signClient.connect({
      optionalNamespaces: Namespaces.fromNetworks(available, active),
      ...(signIn ? { authentication: [SignIn.authentication(signIn)] } : {}),
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
    async reconnect() {
      const signClient = await client()
      // sign-client drops expired sessions when it starts; the newest live one is ours.
      const live = signClient.session
        .getAll()
        .filter((item) => item.acknowledged && Namespaces.accounts(item.namespaces).length > 0)
        .sort((a, b) => b.expiry - a.expiry)[0]
      return live ? adopt(live) : undefined
    },
    async request(method, params, chain) {
      const current = session
      if (!current) throw new DisconnectedError(messages.connectBeforeRequest)
      // SPEC §5: only what the wallet approved goes to it.
      if (!Namespaces.approves(current.namespaces, method, chain)) throw new UnsupportedMethodError(method)
      return send(method, params, chain)
    },
    async switchChain(chain) {
      const current = session
      if (!current || !activeChain) throw new DisconnectedError(messages.connectBeforeRequest)
      // SPEC §5: a chain switch needs the chain approved or the wallet method supported.
      const decision = Namespaces.decideSwitch(current.namespaces, chain, activeChain)
      switch (decision.type) {
        case 'switchLocally':
          activeChain = chain
          return
        case 'askWalletToSwitch':
          await send('wallet_switchEthereumChain', [{ chainId: decision.hexChainId }], activeChain)
          // A wallet may answer success without adding the chain to the session; every call to it
          // would then fail (unapproved chain), so the frame stays where it is.
          if (!(await sessionGains(chain))) throw new UnrecognizedChainError(chain)
          activeChain = chain
          return
        case 'unrecognizedChain':
          throw new UnrecognizedChainError(chain)
        case 'invalidChainId':
          throw new ProviderRpcError(rpcErrorCodes.invalidChainId, 'Invalid chain id')
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
