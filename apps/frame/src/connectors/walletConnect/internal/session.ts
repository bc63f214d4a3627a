// The WalletConnect session the frame holds: proposes one (the URI a wallet scans), adopts the
// wallet's approval or a stored session, follows the wallet's account, chain and session changes,
// and knows the CAIP-2 chain the host's calls go to.
import type { SessionTypes } from '@walletconnect/types'
import { type ChainNetwork, InternalRpcError, UnrecognizedChainError } from '@walletframe/protocol'
import type { Connection } from '../../Connector.js'
import { StalePairingError, toProviderError } from './errors.js'
import * as Namespaces from './namespaces.js'
import type { Pairing } from './refresher.js'
import type { SignClient } from './signClient.js'
import * as SignIn from './signIn.js'

export type Event =
  | { readonly type: 'accountsChanged'; readonly accounts: Connection['accounts'] }
  | { readonly type: 'chainChanged'; readonly network: Connection['network'] }
  /** The session ended on the wallet's side (session_delete) or ran out (session_expire). */
  | { readonly type: 'ended'; readonly reason: 'deleted' | 'expired' }

export type Peer = { readonly name: string; readonly url: string; readonly icon: string | undefined }

export declare namespace create {
  type Options = {
    /** The host's networks and the active one (proposal namespaces, the chain of requests). */
    networks(): { available: readonly ChainNetwork[]; active: string | undefined }
    /**
     * What to ask a wallet to sign in to while it approves the session (one-click sign-in), when the
     * host wants sign-in; undefined for none. Asked once per proposal (each needs a fresh nonce).
     */
    signIn?: (() => Promise<SignIn.SignInRequest | undefined>) | undefined
    /**
     * How long a chain switch the wallet accepted waits for the session_update that adds the chain
     * (default 3 s).
     */
    switchUpdateTimeoutMs?: number | undefined
    /** The wallet's changes to the session held. */
    onEvent(event: Event): void
  }
}

export function create(options: create.Options) {
  let session: SessionTypes.Struct | undefined
  /** CAIP-2 chain the host's calls go to. */
  let activeChain: string | undefined
  /** Bumped by every proposal and cancel: only the newest proposal may become the session. */
  let latestProposal = 0
  /** Called on every session_update and session end: switches waiting for their chain. */
  const chainWaiters = new Set<() => void>()

  const accountsOf = (current: SessionTypes.Struct | undefined): Connection['accounts'] =>
    current ? Namespaces.accounts(current.namespaces) : []

  /**
   * Makes `next` (the session with the selected account first) the current session and writes it to
   * sign-client's store: a local record, not a message to the wallet, so a reload restores the
   * account the wallet last announced rather than the first it approved.
   */
  function select(signClient: SignClient, next: SessionTypes.Struct) {
    session = next
    signClient.session.update(next.topic, { namespaces: next.namespaces }).catch(() => undefined)
  }

  function end(reason: 'deleted' | 'expired') {
    session = undefined
    for (const waiter of chainWaiters) waiter()
    options.onEvent({ type: 'ended', reason })
  }

  /** Makes `next` the session: the host's calls go to its chain the host prefers. */
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

  return {
    /** The session held, if any. */
    current: () => session,
    /** The CAIP-2 chain the host's calls go to. */
    activeChain: () => activeChain,
    /** Makes `chain` (one the session holds) the one the host's calls go to. */
    setActiveChain(chain: string) {
      activeChain = chain
    },
    /** Forgets the session (the frame ends it); returns the one it held. */
    clear(): SessionTypes.Struct | undefined {
      const current = session
      session = undefined
      activeChain = undefined
      return current
    },

    /** Follows the wallet's events on the session held. */
    follow(signClient: SignClient) {
      const mine = (topic: string) => session?.topic === topic
      signClient.on('session_event', ({ topic, params }) => {
        if (!mine(topic)) return
        const { name, data } = params.event
        const eventChain = typeof params.chainId === 'string' ? params.chainId : activeChain
        if (name === 'accountsChanged' && Array.isArray(data) && eventChain) {
          const announced = Namespaces.toCaipAccounts(data, eventChain)
          if (session) select(signClient, Namespaces.withSelected(session, announced))
          if (announced.length) options.onEvent({ type: 'accountsChanged', accounts: accountsOf(session) })
        }
        if (name === 'chainChanged') {
          const chainId = Namespaces.parseChainId(data) ?? Namespaces.parseChainId(params.chainId)
          if (chainId === undefined) return
          activeChain = `eip155:${chainId}`
          options.onEvent({ type: 'chainChanged', network: activeChain as Connection['network'] })
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
        if (accounts.length) options.onEvent({ type: 'accountsChanged', accounts })
      })
      signClient.on('session_delete', ({ topic }) => {
        if (mine(topic)) end('deleted')
      })
      signClient.on('session_expire', ({ topic }) => {
        if (mine(topic)) end('expired')
      })
      // session_ping needs no answer from the dapp beyond sign-client's own ack; it proves liveness.
    },

    /** A new proposal: the `wc:` URI to show and the wallet's approval of it, as the connection. */
    async propose(client: () => Promise<SignClient>): Promise<Pairing<Connection>> {
      const attempt = ++latestProposal
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
            if (attempt !== latestProposal) {
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
    },
    /** The URI on screen was abandoned: a later approval of it is refused (StalePairingError). */
    cancelProposal() {
      latestProposal++
    },

    /** Restores the newest live stored session without asking the user. */
    restore(signClient: SignClient): Connection | undefined {
      // sign-client drops expired sessions when it starts; the newest live one is ours.
      const live = signClient.session
        .getAll()
        .filter((item) => item.acknowledged && Namespaces.accounts(item.namespaces).length > 0)
        .sort((a, b) => b.expiry - a.expiry)[0]
      return live ? adopt(live) : undefined
    },

    /**
     * Waits until the session holds `chain` (the wallet's session_update adding it may arrive just
     * after its answer to wallet_switchEthereumChain); false after `switchUpdateTimeoutMs`.
     */
    gains(chain: string): Promise<boolean> {
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
    },

    /** The connected wallet app, once there is a session. */
    peer(): Peer | undefined {
      if (!session) return undefined
      const { name, url, icons } = session.peer.metadata
      return { name, url, icon: icons[0] }
    },
  }
}

export type Session = ReturnType<typeof create>
