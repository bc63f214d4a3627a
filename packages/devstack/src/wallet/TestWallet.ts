// A scriptable WalletConnect wallet for tests, e2e and demos: WalletKit in Node with a viem
// account, a Solana keypair and Bitcoin native segwit keys from the devstack mnemonic. It pairs
// from a `wc:` URI, approves or rejects proposals, answers EVM, Solana and Bitcoin requests (EVM
// and Solana transactions really go to the devnets; there is no Bitcoin node, see
// bitcoinRequests.ts) and emits events.

import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { mnemonicToSeedSync } from '@scure/bip39'
import { Keypair } from '@solana/web3.js'
import { Core } from '@walletconnect/core'
import type { AuthTypes, SessionTypes } from '@walletconnect/types'
import { buildAuthObject, getSdkError } from '@walletconnect/utils'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { type Address, InvalidParamsRpcError, SwitchChainError, UserRejectedRequestError } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import * as BitcoinKeys from './bitcoinKeys.js'
import * as BitcoinRequests from './bitcoinRequests.js'
import { MemoryStorage } from './MemoryStorage.js'
import * as Namespaces from './namespaces.js'
import * as Requests from './requests.js'
import * as SolanaRequests from './solanaRequests.js'

/** The standard test mnemonic; anvil prefunds its first accounts. */
export const testMnemonic = 'test test test test test test test test test test test junk'

export type Proposal = WalletKitTypes.SessionProposal
export type AnsweredRequest = {
  topic: string
  id: number
  chainId: string
  method: string
  params: unknown
  /** What the wallet answered: a result or a JSON-RPC error object. */
  response: { result: unknown } | { error: { code: number; message: string } }
}

type Events = {
  proposal: [Proposal]
  session: [SessionTypes.Struct]
  request: [AnsweredRequest]
  delete: [{ topic: string }]
  error: [Error]
}

export declare namespace create {
  type Options = {
    /** `ws://…` of the relay (the devstack relay offline). */
    relayUrl: string
    /** Any id; the local relay does not check it. */
    projectId?: string
    /**
     * CAIP-2 chain id -> JSON-RPC URL, used for eth_sendTransaction, chain switches and
     * solana_signAndSendTransaction (e.g. `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1` -> the devstack's).
     */
    rpcUrls: Record<string, string>
    /** Defaults to the standard test mnemonic. */
    mnemonic?: string
    /**
     * Account index N: EVM m/44'/60'/0'/0/N, Solana m/44'/501'/N'/0' (as Phantom), Bitcoin
     * m/84'/0'/N'/0/0 on mainnet and m/84'/1'/N'/0/0 on the test networks; defaults to 0.
     */
    accountIndex?: number
    /**
     * How many EVM accounts the wallet approves, from index N on (default 1). The first is the
     * selected one at approval, as wallets list theirs; `emitAccountsChanged` picks another.
     */
    evmAccounts?: number
    /**
     * What the wallet does on wallet_switchEthereumChain to a chain outside the session: `add`
     * (default) adds it with a session update, as wallets do; `acceptWithoutAdding` answers
     * success but never updates the session (wallets that do so exist; the dapp must not switch).
     */
    switchChain?: 'add' | 'acceptWithoutAdding'
    /**
     * The chains the wallet approves at connect, of those proposed (default: all it has an account
     * for); others can still be added by wallet_switchEthereumChain when `rpcUrls` has them.
     */
    approveChains?: readonly string[]
    /**
     * The methods the wallet approves per chain family, of those it answers (all of them by
     * default): e.g. `{ bip122: ['signMessage'] }` for a wallet that signs no PSBT.
     */
    methods?: Partial<Record<Namespaces.Family, readonly string[]>>
    /** Approve every proposal as it arrives (CLI and demos). Defaults to false. */
    autoApprove?: boolean
    /**
     * What the wallet does with a proposal that asks it to sign in (`requests.authentication`,
     * CAIP-122): `sign` (default) signs it with the selected EVM account on the first requested chain
     * it approves, as wallets that support one-click auth do; `ignore` approves the session alone.
     */
    signIn?: 'sign' | 'ignore'
    /**
     * The session properties the wallet approves with (text values, as WalletConnect carries them):
     * e.g. `capabilities`, the JSON of its EIP-5792 capabilities per address and chain.
     */
    sessionProperties?: Record<string, string>
    /** WalletConnect log level (pino); defaults to 'error'. */
    logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
    /** Metadata shown to the dapp. */
    metadata?: WalletKitTypes.Metadata
  }
}

export type TestWallet = Awaited<ReturnType<typeof create>>

export async function create(options: create.Options) {
  const mnemonic = options.mnemonic ?? testMnemonic
  const accountIndex = options.accountIndex ?? 0
  const evmAccounts = Array.from({ length: Math.max(1, options.evmAccounts ?? 1) }, (_, index) =>
    mnemonicToAccount(mnemonic, { addressIndex: accountIndex + index }),
  )
  const account = evmAccounts[0]!
  // SLIP-0010 ed25519 only has hardened children, hence the account-level index for Solana.
  const solanaKeypair = Keypair.fromSeed(
    Slip10.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(`m/44'/501'/${accountIndex}'/0'`).privateKey,
  )
  const solanaAddress = solanaKeypair.publicKey.toBase58()
  const bitcoinAccounts = BitcoinKeys.accounts(mnemonic, accountIndex)
  // Each Core registers itself on globalThis under its storage prefix and a second Core with
  // the same prefix silently reuses the first; a unique prefix keeps wallets (and a dapp in
  // the same process) apart.
  const storagePrefix = `walletframe-test-wallet-${randomUUID()}`
  const core = new Core({
    projectId: options.projectId ?? 'walletframe-devstack',
    relayUrl: options.relayUrl,
    storage: new MemoryStorage(),
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: options.logLevel ?? 'error',
  })
  // WalletKit sends an INIT event to pulse.walletconnect.org after init even with telemetry
  // disabled (core 2.25 EventClient.init only skips it under its own test flag); a local
  // wallet must not call out, so that one send is a no-op here.
  core.eventClient.init = async () => {}
  const walletKit = await WalletKit.init({
    // Core's class and the ICore interface disagree on optional fields only under
    // exactOptionalPropertyTypes; it is the same object WalletKit's docs pass.
    core: core as unknown as WalletKitTypes.Options['core'],
    metadata: options.metadata ?? {
      name: 'Walletframe Test Wallet',
      description: 'Devstack wallet for tests and demos',
      url: 'http://127.0.0.1',
      icons: [],
    },
    // By default sign-client holds each request until 1 s after the previous answer; a test
    // wallet answers at once, so requests must not queue behind that timer.
    signConfig: { disableRequestQueue: true },
  })

  const events = new EventEmitter<Events>()
  const proposals: Proposal[] = []
  const proposalWaiters: Array<{ resolve(proposal: Proposal): void; reject(error: Error): void }> = []
  /** Active chain per session topic (what eth_chainId / chainChanged refer to). */
  const activeChains = new Map<string, string>()
  /** The error each of the next requests is answered with (EIP-1193 4001 unless a test says otherwise). */
  const rejections: { code: number; message: string }[] = []
  let closed = false

  const report = (error: unknown) => {
    const reported = error instanceof Error ? error : new Error(String(error))
    if (events.listenerCount('error') > 0) events.emit('error', reported)
    else console.error('test wallet:', reported)
  }

  async function approve(proposal: Proposal): Promise<SessionTypes.Struct> {
    let namespaces: SessionTypes.Namespaces
    try {
      namespaces = Namespaces.fromProposal(
        proposal.params,
        {
          eip155: evmAccounts.map((evm) => evm.address),
          solana: solanaAddress,
          bip122: Object.fromEntries(
            Object.values(bitcoinAccounts).map((bitcoin) => [bitcoin.chainId, bitcoin.address]),
          ),
        },
        options.approveChains,
        options.methods,
      )
    } catch (error) {
      await walletKit.rejectSession({ id: proposal.id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') })
      throw error
    }
    const authentication =
      options.signIn === 'ignore' ? [] : await signInRequests(proposal, Namespaces.sessionChains(namespaces))
    const session = await walletKit.approveSession({
      id: proposal.id,
      namespaces,
      ...(options.sessionProperties ? { sessionProperties: options.sessionProperties } : {}),
      ...(authentication.length > 0 ? { proposalRequestsResponses: { authentication } } : {}),
    })
    const first = Namespaces.sessionChains(session.namespaces)[0]
    if (first) activeChains.set(session.topic, first)
    events.emit('session', session)
    return session
  }

  /**
   * The CACAOs answering a proposal's sign-in requests: each signed (EIP-191) by the selected EVM
   * account on the first of its chains the session approves.
   */
  async function signInRequests(proposal: Proposal, approved: readonly string[]): Promise<AuthTypes.Cacao[]> {
    const requests = proposal.params.requests?.authentication ?? []
    const cacaos: AuthTypes.Cacao[] = []
    for (const request of requests) {
      const chain = request.chains.find((candidate) => approved.includes(candidate))
      if (!chain) continue
      const iss = `did:pkh:${chain}:${account.address}`
      const payload = { ...request, chains: [chain] } as AuthTypes.PayloadParams
      const message = walletKit.formatAuthMessage({ request: payload, iss })
      const signature = await account.signMessage({ message })
      cacaos.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
    }
    return cacaos
  }

  function nextProposal(): Promise<Proposal> {
    const waiting = proposals.shift()
    if (waiting) return Promise.resolve(waiting)
    if (closed) return Promise.reject(new WalletClosedError())
    return new Promise((resolve, reject) => proposalWaiters.push({ resolve, reject }))
  }

  function session(topic?: string): SessionTypes.Struct {
    const sessions = Object.values(walletKit.getActiveSessions())
    const found = topic ? sessions.find((candidate) => candidate.topic === topic) : sessions.at(-1)
    if (!found) throw new NoSessionError(topic)
    return found
  }

  async function switchChain(topic: string, chainId: string): Promise<void> {
    let current = session(topic)
    if (!Namespaces.sessionChains(current.namespaces).includes(chainId)) {
      // A chain the dapp did not ask for at connect time: add it if the wallet knows an RPC
      // for it (what real wallets do for wallet_switchEthereumChain), else 4902.
      if (!options.rpcUrls[chainId]) {
        throw new SwitchChainError(new Error(`Unrecognized chain ID ${chainId}. Try adding the chain first.`))
      }
      if (options.switchChain === 'acceptWithoutAdding') return
      // The update is not awaited to its acknowledgement: sign-client's acknowledged() only hears
      // an ack that arrives after it is called, and a quick dapp's ack can beat updateSession's own
      // publish confirmation (the promise then never settles). The relay delivers the update before
      // this request's answer, and the dapp waits for the chain to join the session either way.
      await walletKit.updateSession({
        topic,
        namespaces: Namespaces.withChain(
          current.namespaces,
          chainId,
          evmAccounts.map((evm) => evm.address),
        ),
      })
      current = session(topic)
    }
    activeChains.set(topic, chainId)
    await emitChainChanged(chainId, topic)
  }

  async function emitChainChanged(chainId: string, topic?: string): Promise<void> {
    const target = session(topic)
    activeChains.set(target.topic, chainId)
    await walletKit.emitSessionEvent({
      topic: target.topic,
      // EIP-1193 chainChanged carries the chain id; WalletConnect dapps read it as a number.
      event: { name: 'chainChanged', data: Number(chainId.split(':')[1]) },
      chainId,
    })
  }

  walletKit.on('session_proposal', (proposal) => {
    events.emit('proposal', proposal)
    if (options.autoApprove) {
      approve(proposal).catch(report)
      return
    }
    const waiter = proposalWaiters.shift()
    if (waiter) waiter.resolve(proposal)
    else proposals.push(proposal)
  })

  walletKit.on('session_request', (event) => {
    const { topic, id, params } = event
    const answered = async (): Promise<AnsweredRequest['response']> => {
      const rejection = rejections.shift()
      if (rejection) return { error: rejection }
      const family = Namespaces.familyOf(params.chainId)
      if (family === 'bip122') {
        const bitcoin = bitcoinAccounts[params.chainId]
        if (!bitcoin)
          throw new InvalidParamsRpcError(new Error(`The test wallet has no account on ${params.chainId}`))
        return { result: await BitcoinRequests.answer(params.request, { account: bitcoin }) }
      }
      const result =
        family === 'solana'
          ? await SolanaRequests.answer(params.request, {
              keypair: solanaKeypair,
              chainId: params.chainId,
              rpcUrls: options.rpcUrls,
            })
          : await Requests.answer(params.request, {
              accounts: evmAccounts,
              chainId: params.chainId,
              rpcUrls: options.rpcUrls,
              switchChain: (chainId) => switchChain(topic, chainId),
            })
      return { result }
    }
    answered()
      .catch((error: unknown) => ({ error: Requests.toErrorObject(error) }))
      .then(async (response) => {
        await walletKit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...response } })
        events.emit('request', {
          topic,
          id,
          chainId: params.chainId,
          method: params.request.method,
          params: params.request.params,
          response,
        })
      })
      .catch(report)
  })

  walletKit.on('session_delete', ({ topic }) => {
    activeChains.delete(topic)
    events.emit('delete', { topic })
  })

  return {
    address: account.address as Address,
    account,
    /** Every EVM address the wallet approves (`evmAccounts` of them), the first being `address`. */
    addresses: evmAccounts.map((evm) => evm.address as Address),
    /** The Solana account's address (base58), m/44'/501'/N'/0' of the mnemonic. */
    solanaAddress,
    /** The Solana keypair, e.g. to fund or inspect the account in a test. */
    solanaKeypair,
    /** The Bitcoin mainnet account's address (native segwit, bc1q…), m/84'/0'/N'/0/0 of the mnemonic. */
    bitcoinAddress: (bitcoinAccounts[BitcoinKeys.bitcoinMainnet] as BitcoinKeys.BitcoinAccount).address,
    /** The Bitcoin account on each network the wallet knows, by CAIP-2 id (keys included, for tests). */
    bitcoinAccounts,
    /** The WalletKit instance, for what this wrapper does not cover. */
    walletKit,
    on: events.on.bind(events) as EventEmitter<Events>['on'],
    off: events.off.bind(events) as EventEmitter<Events>['off'],

    /** Pairs with a dapp from its `wc:` URI; the proposal follows as the `proposal` event. */
    async pair(uri: string): Promise<void> {
      await walletKit.pair({ uri })
    },

    /** Waits for the next session proposal (one already received counts). */
    nextProposal,

    /** Approves the next proposal with the namespaces built from it; resolves with the session. */
    async approveNextProposal(): Promise<SessionTypes.Struct> {
      return approve(await nextProposal())
    },

    /** Rejects the next proposal; the dapp's approval() rejects with this reason. */
    async rejectNextProposal(
      reason: { code: number; message: string } = getSdkError('USER_REJECTED'),
    ): Promise<void> {
      const proposal = await nextProposal()
      await walletKit.rejectSession({ id: proposal.id, reason })
    },

    /**
     * The next `count` requests are refused: with EIP-1193 4001 by default, or with `error` (e.g.
     * WalletConnect's getSdkError('USER_REJECTED'), code 5000, as some wallets answer).
     */
    rejectNextRequest(
      count = 1,
      error: { code: number; message: string } = Requests.toErrorObject(
        new UserRejectedRequestError(new Error('User rejected the request.')),
      ),
    ): void {
      for (let index = 0; index < count; index++) rejections.push(error)
    },

    /** Active sessions, newest last. */
    sessions(): SessionTypes.Struct[] {
      return Object.values(walletKit.getActiveSessions())
    },

    /** The session's active eip155 chain (CAIP-2); undefined for a Solana-only session. */
    activeChain(topic?: string): string | undefined {
      return activeChains.get(session(topic).topic)
    },

    /** Emits accountsChanged (default: this wallet's address) on a session (default: newest). */
    async emitAccountsChanged(
      accounts: readonly Address[] = [account.address],
      topic?: string,
    ): Promise<void> {
      const target = session(topic)
      const chainId = activeChains.get(target.topic) ?? Namespaces.sessionChains(target.namespaces)[0]
      if (!chainId) throw new NoSessionError(target.topic)
      await walletKit.emitSessionEvent({
        topic: target.topic,
        event: { name: 'accountsChanged', data: [...accounts] },
        chainId,
      })
    },

    /** Emits chainChanged for a CAIP-2 chain of the session and makes it the active one. */
    emitChainChanged,

    /** Ends a session (default: newest) as the user would; the dapp sees session_delete. */
    async disconnect(topic?: string): Promise<void> {
      const target = session(topic)
      await walletKit.disconnectSession({ topic: target.topic, reason: getSdkError('USER_DISCONNECTED') })
      activeChains.delete(target.topic)
    },

    /** Closes the relay socket and stops the SDK's timers; sessions are not ended. */
    async close(): Promise<void> {
      if (closed) return
      closed = true
      for (const waiter of proposalWaiters.splice(0)) waiter.reject(new WalletClosedError())
      core.heartbeat.stop()
      await core.relayer.transportClose()
      const global = globalThis as Record<string, unknown>
      delete global[`_walletConnectCore_${storagePrefix}`]
      delete global[`_walletConnectCore_${storagePrefix}_count`]
    },
  }
}

/** The wallet has no (such) session to act on. */
export class NoSessionError extends Error {
  override name = 'NoSessionError'
  readonly code = 'NO_SESSION'
  constructor(topic?: string) {
    super(topic ? `No session with topic ${topic}` : 'The test wallet has no session; connect first')
  }
}

/** The wallet was closed while something waited on it. */
export class WalletClosedError extends Error {
  override name = 'WalletClosedError'
  readonly code = 'WALLET_CLOSED'
  constructor() {
    super('The test wallet was closed')
  }
}

/** The name the devstack exports. */
export const createTestWallet = create
