// The embedded wallet behind the connector contract (type 'auth'). A login (email or social, run by
// the login flows with this connector's device key) hands its session here; `connect` then opens the
// wallet — device share + auth share on a known device, auth + recovery (the user's password) on a
// new one, a new wallet the first time — and answers its EVM and Solana accounts. Every signing call
// waits for the user's approval (approvals.ts); signing happens in the Worker; sign-out revokes the
// session at the API.
import {
  type AccountEntry,
  type AccountState,
  type AccountType,
  type AuthConnected,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNetwork,
  connectSigningInput,
  type DeviceProof,
  type DevicePublicKey,
  type EncryptedRecoveryShare,
  type RecoveryKit,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  type WalletAddresses,
} from '@walletframe/protocol'
import * as Comlink from 'comlink'
import type { Address, Hex } from 'viem'
import type { Client } from '../../data/client.js'
import type {
  Passkeys as PasskeysApi,
  PasswordReason,
  SecondFactor as SecondFactorApi,
} from '../../lib/embeddedLogin.js'
import { FrameError } from '../../lib/errors.js'
import type { Storage } from '../../storage/Storage.js'
import type { PasskeyCreated, PasswordExport } from '../../worker/Vault.js'
import type { Connection, Connector, Event } from '../Connector.js'
import * as Approvals from './approvals.js'
import type { AuthApi } from './authApi.js'
import * as CallBatches from './callBatches.js'
import * as ExportPasskey from './exportPasskey.js'
import * as PasskeyFactor from './passkeyFactor.js'
import * as PasskeyPrf from './passkeyPrf.js'
import * as Passkeys from './passkeys.js'
import * as SecondFactor from './secondFactor.js'
import * as Session from './session.js'
import * as SessionGrants from './sessionGrants.js'
import * as Signer from './signer.js'
import * as SmartAccountSupport from './smartAccountSupport.js'
import type { RemoteVault } from './spawnVault.js'
import type { Context as WalletCallsContext } from './walletCalls.js'

export const connectorId = 'auth'

/**
 * EIP-5792's calls, answered by walletCalls.ts for both EVM accounts; it asks the user about a batch
 * itself, after the checks that could refuse it.
 */
const batchMethods: ReadonlySet<string> = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
])

/**
 * ERC-7715's calls, answered by smartSessions.ts: a grant asks the user itself, after the checks that
 * could refuse it; a dapp revokes its own grant without a prompt.
 */
const permissionMethods: ReadonlySet<string> = new Set([
  'wallet_grantPermissions',
  'wallet_revokePermissions',
])

/** The embedded wallet's part of the connected-account summary, as the host sees it. */
export type EmbeddedWalletInfo = NonNullable<AccountState['embeddedWalletInfo']>

/** The API answered the shares without the recovery ciphertext this device asked for. */
export class RecoveryShareMissingError extends FrameError {
  override name = 'RecoveryShareMissingError'
  constructor() {
    super(
      'RECOVERY_SHARE_MISSING',
      'The wallet could not be recovered: the login service sent no recovery share',
    )
  }
}

/**
 * The wallet has no recovery password (a PRF passkey alone protects it) and this login brought no
 * passkey that opens it: only that passkey can open it on a new device.
 */
export class PasskeyOnlyWalletError extends FrameError {
  override name = 'PasskeyOnlyWalletError'
  constructor() {
    super(
      'PASSKEY_ONLY_WALLET',
      'This wallet opens on a new device with its passkey only: log in with your passkey (or add a recovery password where the wallet is open)',
    )
  }
}

/** An action that verifies the recovery password, on a wallet that has none yet. */
export class RecoveryPasswordMissingError extends FrameError {
  override name = 'RecoveryPasswordMissingError'
  constructor() {
    super(
      'RECOVERY_PASSWORD_MISSING',
      'This wallet has no recovery password: add one in Account first, or use your passkey',
    )
  }
}

/** The wallet has a recovery password already (changing one is not offered). */
export class RecoveryPasswordExistsError extends FrameError {
  override name = 'RecoveryPasswordExistsError'
  constructor() {
    super('RECOVERY_PASSWORD_EXISTS', 'This wallet has a recovery password already')
  }
}

export class NoUsableNetworkError extends FrameError {
  override name = 'NoUsableNetworkError'
  constructor() {
    super('NO_USABLE_NETWORK', 'Network Not Found')
  }
}

/** A passkey login's PRF: the credential, and its output when the passkey evaluated one. */
export type PasskeyPrfResult = { credentialId: string; enabled: boolean; output?: Uint8Array<ArrayBuffer> }

export declare namespace create {
  type Options = {
    api: AuthApi
    vault: RemoteVault
    /** FrameStorage.secure: frame-origin storage only (memory when storage is blocked). */
    storage: Storage
    /** The host's networks; the wallet works on the eip155 and solana ones. */
    networks(): readonly ChainNetwork[]
    /**
     * Asks the user for the recovery password: to encrypt a new wallet's share, or to recover on a new
     * device (rejects with 4001 when they decline).
     */
    askPassword(reason: PasswordReason): Promise<string>
    /**
     * Asks the user for the code of their authenticator app (or a recovery code) when the API holds the
     * auth share back for it, or for a sensitive action (`action`); `error` is why the last code was
     * refused (rejects with 4001 when they decline).
     */
    askCode?: SecondFactor.Ask
    /**
     * The data API, whose token balances wallet_getAssets (ERC-7811) answers from; without it that
     * method is unsupported (4200).
     */
    dataApi?: Pick<Client, 'get'>
    /** The dapp's origin (the host page's), which a smart-session grant is bound to. */
    origin?: () => string | undefined
    now?: () => number
  }
}

export type EmbeddedConnector = Connector & {
  /** The device key's public half, which a login binds its session to. */
  deviceKey(): Promise<DevicePublicKey>
  /** The device key's proof that this device started login `attemptId`, which CONNECT takes (a fresh one per call). */
  loginProof(attemptId: string): Promise<DeviceProof>
  /**
   * Hands over a completed login; `connect()` opens the wallet next. A passkey login hands its PRF too:
   * `connect()` seals a new wallet's recovery share under it, or opens an existing one with it, and
   * forgets it then.
   */
  login(connected: AuthConnected, passkey?: PasskeyPrfResult): void
  /** The session (tokens, user): the email update calls the API with it (and its device-key proof) and records the new address. */
  readonly session: Pick<Session.Session, 'current' | 'accessToken' | 'proof' | 'setEmail'>
  /** The signed-in user's second factor (the Account view's "Two-factor authentication"). */
  readonly secondFactor: SecondFactorApi
  /** The signed-in user's passkeys (the Account view's "Passkeys"). */
  readonly passkeys: PasskeysApi
  /** The user's passkey as a fresh factor, which a question for a sensitive action offers beside the code. */
  readonly passkeyFactor: SecondFactor.PasskeyFactor
  /** The signed-in user and how they logged in, while connected. */
  walletInfo(): EmbeddedWalletInfo | undefined
  /** The user's preferred EVM account: smartAccount unless they chose the EOA. */
  preferredAccountType(): AccountType
  /**
   * Sets the preference (kept where storage allows) and announces the accounts again, the
   * preferred one first; on a network without smart accounts the EOA stays the one used.
   */
  setPreferredAccountType(type: AccountType): void
  /** Whether the active EVM network serves the smart account. */
  smartAccountAvailable(): boolean
  /** The user approved waiting request `id` (ApproveTransaction): the Worker signs it. */
  approveRequest(id: number): void
  /** The user rejected it, or left: its caller gets 4001. */
  cancelRequest(id: number): void
  /** The review blocked waiting request `id`: nothing approves it, and its caller gets 4001 "Action not allowed" once it ends. */
  blockRequest(id: number): void
  /** The smart-session grants made from this frame (the Account view's "Manage smart sessions"). */
  readonly grants: SessionGrants.SessionGrants['store']
  /** What grant `id` used and has left of each limit in this period, read from the account. */
  grantUsage(id: string): Promise<{ token: Address; allowance: bigint; spent: bigint }[]>
  /** The user revokes grant `id` from the Account view: on chain, by the owner's UserOperation. */
  revokeGrant(id: string): Promise<void>
  /**
   * The open wallet's recovery kit (the Account view's "Download recovery kit"): `password` is verified
   * in the Worker against the recovery share, and only the kit encrypted under it comes back.
   */
  recoveryKit(password: string): Promise<RecoveryKit>
  /**
   * The recovery kit of a wallet its passkey protects, with a touch of that passkey (no password): the
   * kit, and the kit secret that opens it, which the user writes down (shown once here).
   */
  recoveryKitWithPasskey(): Promise<{ kit: RecoveryKit; kitSecret: string }>
  /** Whether the open wallet has a recovery password (false: a PRF passkey alone protects it). */
  hasRecoveryPassword(): boolean
  /** Adds a recovery password to a wallet its passkey alone protected, with a touch of that passkey. */
  addRecoveryPassword(password: string): Promise<void>
  /**
   * Hands `port` to the Worker for a recovery phrase window (lib/exportWindow.ts): the password or a
   * passkey's PRF output, and the secrets, travel on it between that window and the Worker, never
   * through this page. The window offers the recovery password where the wallet has one (after a
   * fresh factor here), and a touch of a passkey that keeps a copy of the recovery share.
   */
  exportTo(port: MessagePort): Promise<void>
}

export function create(options: create.Options): EmbeddedConnector {
  const { api, vault } = options
  const listeners = new Set<(event: Event) => void>()
  const session = Session.create({
    storage: options.storage,
    api,
    signer: vault,
    ...(options.now ? { now: options.now } : {}),
  })
  const stamp = Session.clock(options.now)
  let addresses: WalletAddresses | undefined
  /** Whether the open wallet has a recovery password, as the API said when it opened. */
  let passwordSet = true
  /** The last passkey login's PRF, until the wallet opens with it (kept no longer: it is a key). */
  let passkey: PasskeyPrfResult | undefined
  let active: ChainNetwork | undefined
  let preferred: AccountType = SmartAccountSupport.storedPreference(options.storage)
  /** The smart account over the EVM key on the current EVM network, when that network serves one. */
  let smart: { address: Address; deployed: boolean } | undefined

  const emit = (event: Event) => {
    for (const listener of listeners) listener(event)
  }
  const approvals = Approvals.create(options.now)
  const batches = CallBatches.create()
  const grants = SessionGrants.create()
  approvals.subscribe((requests) => emit({ type: 'pendingRequests', requests }))
  const usable = () =>
    options.networks().filter((n) => n.chainNamespace === 'eip155' || n.chainNamespace === 'solana')

  function network(): ChainNetwork {
    active ??= usable().find((n) => n.chainNamespace === 'eip155') ?? usable()[0]
    if (!active) throw new NoUsableNetworkError()
    return active
  }

  /** The EVM network the EVM accounts are on: the active one, else the first the host uses. */
  function evmNetwork(): ChainNetwork | undefined {
    const current = network()
    return current.chainNamespace === 'eip155' ? current : usable().find((n) => n.chainNamespace === 'eip155')
  }

  /** Which EVM account is in use: the smart account when preferred and served here, else the EOA. */
  const accountType = (): AccountType => (smart && preferred === 'smartAccount' ? 'smartAccount' : 'eoa')

  function accounts(): CaipAddress[] {
    if (!addresses) return []
    const current = network()
    const evm = evmNetwork()
    const solanaNetwork =
      current.chainNamespace === 'solana' ? current : usable().find((n) => n.chainNamespace === 'solana')
    const evmList: CaipAddress[] = []
    if (evm) {
      const eoa = `${evm.caipNetworkId}:${addresses.eip155}` as CaipAddress
      const contract = smart ? (`${evm.caipNetworkId}:${smart.address}` as CaipAddress) : undefined
      // Both accounts, the one in use first (it is the selected one).
      evmList.push(
        ...(contract ? (accountType() === 'smartAccount' ? [contract, eoa] : [eoa, contract]) : [eoa]),
      )
    }
    const solanaList = solanaNetwork
      ? [`${solanaNetwork.caipNetworkId}:${addresses.solana}` as CaipAddress]
      : []
    // The active namespace's account first: it is the selected one.
    return current.chainNamespace === 'solana' ? [...solanaList, ...evmList] : [...evmList, ...solanaList]
  }

  /**
   * Finds the smart account of the EVM key on the current EVM network (its counterfactual address
   * until the first UserOperation deploys it). Without one there, or when the chain cannot be
   * asked, the wallet goes on with its EOA.
   */
  async function resolveSmartAccount(): Promise<void> {
    const evm = evmNetwork()
    if (!addresses || !SmartAccountSupport.isAvailable(evm)) {
      smart = undefined
      return
    }
    try {
      const SmartAccount = await import('./smartAccount.js')
      const { account } = await SmartAccount.handle(evm, addresses.eip155 as Address, signer)
      smart = { address: account.address, deployed: await account.isDeployed() }
    } catch (error) {
      console.error('[walletframe] the smart account could not be looked up; using the EOA', error)
      smart = undefined
    }
  }

  /** Which EVM account a call is for: the one it names (from, signer), else the one in use. */
  /** Whether the project's paymaster takes the smart account's eth_sendTransaction (a call with `to`). */
  async function sponsorsTransaction(owner: Address, on: ChainNetwork, params: unknown): Promise<boolean> {
    const [tx] = (Array.isArray(params) ? params : []) as [Record<string, unknown> | undefined]
    if (typeof tx?.to !== 'string' || !tx.to.startsWith('0x')) return false
    const call = {
      to: tx.to,
      ...(typeof tx.data === 'string' ? { data: tx.data } : {}),
      ...(typeof tx.value === 'string' ? { value: tx.value } : {}),
    }
    const { sponsorship } = await import('./sponsorship.js')
    return (await sponsorship({ eoa: owner, signer }, on, [call])) === true
  }

  function callerOf(method: string, params: unknown): AccountType {
    const list = Array.isArray(params) ? params : []
    const named =
      method === 'personal_sign'
        ? list[1]
        : method === 'eth_signTypedData_v4'
          ? list[0]
          : method === 'eth_sendTransaction'
            ? (list[0] as { from?: unknown } | undefined)?.from
            : undefined
    if (typeof named === 'string' && smart) {
      if (named.toLowerCase() === smart.address.toLowerCase()) return 'smartAccount'
      if (named.toLowerCase() === addresses?.eip155.toLowerCase()) return 'eoa'
    }
    return accountType()
  }

  /** The first UserOperation that landed deployed the smart account: the host's state says so (isSmartAccountDeployed). */
  function markDeployed() {
    if (!smart || smart.deployed) return
    smart = { ...smart, deployed: true }
    emit({ type: 'accountsChanged', accounts: accounts() })
  }

  const connection = (): Connection => ({ accounts: accounts(), network: network().caipNetworkId })

  async function fetchShares(recovery: boolean, prfCredentialId?: string) {
    const { accessToken, proof } = await session.proof('shares')
    return api.walletShares(
      accessToken,
      recovery ? { proof, recovery, ...(prfCredentialId ? { prfCredentialId } : {}) } : { proof },
    )
  }

  /** The passkey's output, with the credential it came from, when the login's passkey gave one. */
  const prfOutput = (prf: PasskeyPrfResult | undefined) =>
    prf?.output ? { credentialId: prf.credentialId, output: prf.output } : undefined

  /**
   * Opens the wallet on a new device with the passkey's copy of the recovery share, when the login's
   * passkey evaluated its PRF and the API keeps a copy for it; undefined when it cannot (the password then).
   */
  async function recoverWithPasskey(prf: PasskeyPrfResult | undefined) {
    const output = prfOutput(prf)
    if (!output) return undefined
    const shares = await fetchShares(true, output.credentialId)
    if (!shares.exists || !shares.prfShare) return undefined
    try {
      return await vault.recover({
        authShare: shares.authShare,
        addresses: shares.addresses,
        prfShare: shares.prfShare,
        prf: output,
      })
    } catch (error) {
      // A copy that does not open (another passkey's output, a damaged row) leaves the password.
      console.error('[walletframe] the passkey could not open the recovery share; asking the password', error)
      return undefined
    }
  }

  /**
   * The shares; when the user has a second factor this session has not passed, its code first (asked
   * only when `interactive`: a restore that cannot ask opens nothing).
   */
  async function sharesAfterFactor(interactive: boolean) {
    try {
      return await fetchShares(false)
    } catch (error) {
      if (!SecondFactor.required(error) || !interactive || !options.askCode) throw error
      await SecondFactor.pass({ api, session, ask: options.askCode, passkey: passkeyFactor })
      return fetchShares(false)
    }
  }

  /** The user's fresh code for a sensitive action; without a way to ask, the action is declined (4001). */
  const askFreshCode: SecondFactor.Ask =
    options.askCode ??
    (async () => {
      throw new UserRejectedRequestError()
    })

  /** The user's passkey, which the question for a fresh factor offers beside the code. */
  const passkeyFactor = PasskeyFactor.create({ api, session })

  /** The API's pass the Worker requires for a sensitive action: a fresh code (or passkey) first when the user has a factor. */
  function freshPass(request: Parameters<typeof SecondFactor.freshPass>[1]) {
    return SecondFactor.freshPass({ api, session, ask: askFreshCode, passkey: passkeyFactor }, request)
  }

  /** The Worker's signatures as the request paths make them, each with the pass what it moves needs. */
  const signer = Signer.create(vault, (spend) => freshPass({ action: 'send', send: spend }))

  /** Opens the wallet for the signed-in user; `interactive: false` never asks for the password. */
  async function open(interactive: boolean): Promise<WalletAddresses | undefined> {
    const saved = session.current()
    if (!saved) throw new Session.NotSignedInError()
    // The recovery ciphertext is asked for only when this device cannot open the wallet by itself:
    // every copy handed out is one more chance to guess the password offline.
    let shares: Awaited<ReturnType<typeof fetchShares>>
    try {
      shares = await sharesAfterFactor(interactive)
    } catch (error) {
      if (!interactive && SecondFactor.required(error)) return undefined
      throw error
    }
    // The passkey's PRF serves this opening only.
    const prf = passkey
    passkey = undefined
    if (!shares.exists) {
      if (!interactive) return undefined
      const output = prfOutput(prf)
      // With the passkey's PRF the recovery share is sealed under it alone: the user may add a
      // password later (Account). Without it, the password is what recovers the wallet elsewhere.
      const created: PasskeyCreated & { recoveryShare?: EncryptedRecoveryShare } = output
        ? await vault.createWithPasskey({ prf: output })
        : await vault.create({ password: await options.askPassword(prf ? 'create-without-prf' : 'create') })
      const signed = await session.proof('create')
      await api.walletCreate(signed.accessToken, {
        addresses: created.addresses,
        authShare: created.authShare,
        ...(created.recoveryShare ? { recoveryShare: created.recoveryShare } : {}),
        ...(created.prfShare ? { prfShare: created.prfShare } : {}),
        proof: signed.proof,
      })
      session.setWallet({ addresses: created.addresses, wrappedDeviceShare: created.wrappedDeviceShare })
      passwordSet = created.recoveryShare !== undefined
      return created.addresses
    }
    passwordSet = shares.recoveryPassword !== false
    const device = saved.wallet
    if (device && device.addresses.eip155.toLowerCase() === shares.addresses.eip155.toLowerCase()) {
      try {
        return await vault.unlock({
          wrappedDeviceShare: device.wrappedDeviceShare,
          authShare: shares.authShare,
          addresses: shares.addresses,
        })
      } catch (error) {
        // The wrap key is gone (site data cleared in part): recover below, and say so if we cannot.
        if (!interactive) throw error
      }
    }
    if (!interactive) return undefined
    const withPasskey = await recoverWithPasskey(prf)
    if (withPasskey) {
      session.setWallet(withPasskey)
      return withPasskey.addresses
    }
    // No password to ask for: only the wallet's passkey opens it here.
    if (!passwordSet) throw new PasskeyOnlyWalletError()
    // A passkey login that could not open the wallet says so: the password is what is left.
    const password = await options.askPassword(prf ? 'recover-without-prf' : 'recover')
    const recovery = await fetchShares(true)
    if (!recovery.exists || !recovery.recoveryShare) throw new RecoveryShareMissingError()
    const recovered = await vault.recover({
      authShare: recovery.authShare,
      recoveryShare: recovery.recoveryShare,
      password,
      addresses: recovery.addresses,
    })
    session.setWallet(recovered)
    return recovered.addresses
  }

  return {
    id: connectorId,
    type: 'auth',
    name: 'Email and social login',
    deviceKey: () => vault.deviceKey(),
    async loginProof(attemptId) {
      const timestamp = stamp()
      return {
        timestamp,
        signature: await vault.signWithDeviceKey(connectSigningInput(attemptId, timestamp)),
      }
    },
    session,
    secondFactor: SecondFactor.create({ api, session }),
    passkeyFactor,
    passkeys: Passkeys.create({
      api,
      session,
      ask: askFreshCode,
      passkey: passkeyFactor,
      // Only while this wallet is open: the Worker seals with the share it holds for it.
      sealForPasskey: async (prf) => (addresses ? vault.sealForPasskey(prf) : undefined),
    }),
    login(connected, prf) {
      passkey = prf
      session.start(connected)
    },
    walletInfo() {
      const saved = session.current()
      if (!saved || !addresses) return undefined
      const { user } = saved
      return {
        authProvider: user.authProvider,
        accountType: accountType(),
        isSmartAccountDeployed: smart?.deployed ?? false,
        user: {
          ...(user.email ? { email: user.email } : {}),
          ...(user.userName ? { username: user.userName } : {}),
        },
      }
    },
    preferredAccountType: () => preferred,
    setPreferredAccountType(type) {
      preferred = type
      SmartAccountSupport.storePreference(options.storage, type)
      if (addresses) emit({ type: 'accountsChanged', accounts: accounts() })
    },
    smartAccountAvailable: () => smart !== undefined,
    accountTypes() {
      const types: Record<string, AccountEntry['type']> = {}
      if (smart) types[smart.address.toLowerCase()] = 'smartAccount'
      return types
    },
    async connect() {
      addresses = await open(true)
      await resolveSmartAccount()
      return connection()
    },
    async reconnect() {
      if (!session.current()?.wallet) return undefined
      try {
        // Renews the session with the device key: a reload proves the device still holds it.
        await session.refresh()
        addresses = await open(false)
        await resolveSmartAccount()
      } catch {
        // The session ended or the device key is gone: this is a signed-out frame, not an error.
        addresses = undefined
      }
      return addresses ? connection() : undefined
    },
    async disconnect() {
      approvals.rejectAll()
      batches.clear()
      grants.clear()
      addresses = undefined
      passkey = undefined
      smart = undefined
      await vault.lock()
      await session.end()
    },
    async request({ method, params, network: target }) {
      if (!addresses) throw new Session.NotSignedInError()
      const wallet = addresses
      if (method === 'wallet_getAssets') {
        if (!options.dataApi) throw new UnsupportedMethodError(method)
        const WalletAssets = await import('../../data/walletAssets.js')
        const inUse = accountType() === 'smartAccount' && smart ? smart.address : wallet.eip155
        return WalletAssets.request(
          {
            account: inUse as Address,
            networks: usable().filter((n) => n.chainNamespace === 'eip155'),
            balances: WalletAssets.balancesFrom(options.dataApi),
          },
          params,
        )
      }
      if (batchMethods.has(method) || permissionMethods.has(method)) {
        const context: WalletCallsContext = {
          signer,
          eoa: wallet.eip155 as Address,
          smartAccount: smart?.address,
          inUse: accountType(),
          // The active EVM network first: a grant that names no chain is for it.
          networks: usable()
            .filter((n) => n.chainNamespace === 'eip155')
            .sort((a, b) => Number(b === evmNetwork()) - Number(a === evmNetwork())),
          batches,
          grants,
          origin: options.origin?.(),
          approve: (request, send) => approvals.run(request, send),
        }
        if (permissionMethods.has(method)) {
          const SmartSessions = await import('./smartSessions.js')
          const answer = await SmartSessions.request(context, method, params)
          markDeployed()
          return answer
        }
        const WalletCalls = await import('./walletCalls.js')
        const answer = await WalletCalls.request(context, method, params)
        if (WalletCalls.landedAtomically(answer)) markDeployed()
        return answer
      }
      const chosen = usable().find((n) => n.caipNetworkId === target) ?? network()
      const viaSmartAccount =
        chosen.chainNamespace === 'eip155' &&
        smart !== undefined &&
        SmartAccountSupport.isAvailable(chosen) &&
        callerOf(method, params) === 'smartAccount'
      // The smart account's transaction is offered to the project's sponsorship before the user is
      // asked, as a batch is, so the approval says who pays.
      const sponsored =
        viaSmartAccount && method === 'eth_sendTransaction'
          ? await sponsorsTransaction(wallet.eip155 as Address, chosen, params)
          : false
      const send = async () => {
        if (viaSmartAccount) {
          const { request } = await import('./smartAccountRequests.js')
          const answer = await request(signer, wallet.eip155 as Address, chosen, method, params, sponsored)
          if (answer.deployed) markDeployed()
          return answer.result
        }
        if (chosen.chainNamespace === 'eip155') {
          const { request } = await import('./evmRequests.js')
          return request(signer, wallet.eip155 as Hex, chosen, method, params)
        }
        if (chosen.chainNamespace === 'solana') {
          const { request } = await import('./solanaRequests.js')
          return request(signer, wallet.solana, chosen, method, params)
        }
        throw new UnsupportedMethodError(method)
      }
      if (!Approvals.needsApproval(method)) return send()
      return approvals.run(
        { method, params, network: chosen.caipNetworkId as CaipNetworkId, sponsored },
        send,
      )
    },
    approveRequest(id) {
      approvals.approve(id)
    },
    cancelRequest(id) {
      approvals.reject(id)
    },
    blockRequest(id) {
      approvals.block(id)
    },
    grants: grants.store,
    async grantUsage(id) {
      if (!addresses) throw new Session.NotSignedInError()
      const SmartSessions = await import('./smartSessions.js')
      return SmartSessions.usage({ signer, eoa: addresses.eip155 as Address }, grants.get(id, undefined))
    },
    async revokeGrant(id) {
      if (!addresses) throw new Session.NotSignedInError()
      const SmartSessions = await import('./smartSessions.js')
      await SmartSessions.revokeGrant({ signer, eoa: addresses.eip155 as Address, grants }, id, undefined)
    },
    async recoveryKit(password) {
      if (!addresses) throw new Session.NotSignedInError()
      if (!passwordSet) throw new RecoveryPasswordMissingError()
      // The user asked for the kit: the recovery ciphertext is fetched for this, and the Worker
      // verifies the password with it as a recovery does.
      const pass = await freshPass({ action: 'recovery-kit' })
      const shares = await fetchShares(true)
      if (!shares.exists || !shares.recoveryShare) throw new RecoveryShareMissingError()
      return vault.recoveryKit({
        authShare: shares.authShare,
        recoveryShare: shares.recoveryShare,
        password,
        pass,
      })
    },
    hasRecoveryPassword: () => passwordSet,
    async recoveryKitWithPasskey() {
      if (!addresses) throw new Session.NotSignedInError()
      // One touch: its assertion is the fresh factor where the user has one, its PRF output the key.
      const touched = await PasskeyPrf.touch({ api, session }, 'recovery-kit')
      const { accessToken, proof } = await session.proof('factor-pass')
      const { pass } = await api.factorPass(accessToken, {
        action: 'recovery-kit',
        passkey: touched.answer,
        proof,
      })
      const shares = await fetchShares(true, touched.prf.credentialId)
      if (!shares.exists || !shares.prfShare) throw new PasskeyPrf.PasskeyPrfMissingError()
      return vault.recoveryKitWithPasskey({
        authShare: shares.authShare,
        prfShare: shares.prfShare,
        prf: touched.prf,
        pass,
      })
    },
    async addRecoveryPassword(password) {
      if (!addresses) throw new Session.NotSignedInError()
      if (passwordSet) throw new RecoveryPasswordExistsError()
      const touched = await PasskeyPrf.touch({ api, session }, 'login-method')
      const shares = await fetchShares(true, touched.prf.credentialId)
      if (!shares.exists || !shares.prfShare) throw new PasskeyPrf.PasskeyPrfMissingError()
      const recoveryShare = await vault.sealRecoveryPassword({
        authShare: shares.authShare,
        prfShare: shares.prfShare,
        prf: touched.prf,
        password,
      })
      const { accessToken, proof } = await session.proof('recovery-password')
      await api.recoveryPassword(accessToken, { recoveryShare, passkey: touched.answer, proof })
      passwordSet = true
    },
    async exportTo(port) {
      if (!addresses) throw new Session.NotSignedInError()
      // A passkey opens the phrase where the API keeps a copy of the recovery share under its PRF.
      const list = await session
        .proof('passkey-list')
        .then(({ accessToken, proof }) => api.passkeyList(accessToken, proof))
      const byPasskey = list.passkeys.some((passkey) => passkey.recovery)
      if (!passwordSet && !byPasskey) throw new RecoveryPasswordMissingError()
      let password: PasswordExport | undefined
      if (passwordSet) {
        const pass = await freshPass({ action: 'export' })
        const shares = await fetchShares(true)
        if (!shares.exists || !shares.recoveryShare) throw new RecoveryShareMissingError()
        password = { authShare: shares.authShare, recoveryShare: shares.recoveryShare, pass }
      }
      // The touch's own assertion is its fresh factor: no code is asked here for it.
      const passkey = byPasskey
        ? Comlink.proxy(
            ExportPasskey.create({ api, session, shares: (credentialId) => fetchShares(true, credentialId) }),
          )
        : undefined
      await vault.exportTo(Comlink.transfer(port, [port]), password, passkey)
    },
    async switchNetwork(target) {
      const found = usable().find((n) => n.caipNetworkId === target.caipNetworkId)
      if (!found) throw new UnrecognizedChainError(target.caipNetworkId)
      const namespaceChanged = found.chainNamespace !== network().chainNamespace
      const hadSmart = smart?.address
      active = found
      // Another EVM network may or may not serve the smart account (the address stays where it does).
      if (found.chainNamespace === 'eip155') await resolveSmartAccount()
      emit({ type: 'chainChanged', network: found.caipNetworkId as CaipNetworkId })
      // Across namespaces the selected account changes too (EVM <-> Solana), and so does the EVM
      // account where the smart account comes or goes.
      if ((namespaceChanged || smart?.address !== hadSmart) && addresses)
        emit({ type: 'accountsChanged', accounts: accounts() })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
