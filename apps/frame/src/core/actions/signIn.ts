// Sign-in with a signed message: after connect, an account without a stored
// session is asked to sign (SIWXSignMessage); signing stores a session at the API and closes the
// modal; a declined signature keeps the view; cancel disconnects when sign-in is required, else
// closes. Sessions are kept where the frame keeps state, checked with the API after a reload, and
// revoked when the connection ends.
import { revocationMessage, type SignInSession, StoredSignIn } from '@walletframe/protocol'
import { array, safeParse } from 'zod/mini'
import type { Chain } from '../../chains/Chain.js'
import type { SessionsApi } from '../../data/sessions.js'
import { FrameError, messageOf, rpcCode } from '../../lib/errors.js'
import { readJson } from '../../storage/Storage.js'
import type { Core } from '../Core.js'
import { signInMessages } from '../signInMessages.js'
import * as Siwx from '../siwx.js'
import * as Disconnect from './disconnect.js'
import * as Navigation from './navigation.js'
import * as SignInGate from './signInGate.js'

/** How long a sign-in holds before the account signs again. */
export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000

/** Sessions kept at most (one per account); the oldest go first. */
export const maxSessions = 8

export type Deps = Pick<
  Core,
  'modal' | 'connection' | 'networks' | 'toasts' | 'storage' | 'siwx' | 'pending' | 'isMobile' | 'analytics'
> & {
  api: SessionsApi
  /** The host page's origin, as the handshake verified it: the message's domain and URI. */
  origin: string
  /** The host's name, for the message's statement. */
  appName: string
  /** The chain family of `namespace`, loaded; undefined for one the frame cannot sign in on. */
  chain(namespace: string): Promise<Chain | undefined>
  now?: () => Date
}

const statementOf = (deps: Pick<Deps, 'appName'>) => `Sign in to ${deps.appName}`

export class SignInError extends FrameError {
  override name = 'SignInError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('SIGN_IN', message, options)
  }
}

/**
 * Asks the connected account to sign in: a nonce from the API, the message its chain writes, the
 * wallet's signature, the session stored at the API. Closes the modal on success; on a declined
 * signature or a failure, says so in a toast and stays on SIWXSignMessage.
 */
export async function signIn(deps: Deps): Promise<void> {
  const from = SignInGate.account(deps)
  if (!from) throw new SignInError('Connect a wallet before signing in')
  const connector = deps.connection.connector()
  try {
    const chain = await deps.chain(from.network.chainNamespace)
    if (!chain || !connector) throw new SignInError(signInMessages.unsupportedNamespace)
    const { nonce } = await deps.api.nonce(deps.origin)
    const issuedAt = deps.now?.() ?? new Date()
    const prepared = chain.prepareSignIn(from.network, {
      address: from.address,
      domain: new URL(deps.origin).host,
      uri: deps.origin,
      statement: statementOf(deps),
      nonce,
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + sessionLifetimeMs),
    })
    const answer = await connector.request({
      method: prepared.method,
      params: prepared.params,
      network: from.network.caipNetworkId,
    })
    const session: SignInSession = {
      data: prepared.data,
      message: prepared.message,
      signature: prepared.signature(answer),
    }
    const created = await deps.api.create(deps.origin, session)
    // The account may have changed while the wallet was asked: the session is still that account's.
    add(deps, { id: created.id, revocationKey: created.revocationKey, session })
    Navigation.close(deps)
  } catch (error) {
    const declined = rpcCode(error) === 4001
    if (!declined) console.error('[walletframe] sign-in failed:', error)
    deps.toasts.error(declined ? signInMessages.declined : messageOf(error) || signInMessages.failed)
    // A declined signature keeps (or reopens) the view: the user may sign after all.
    if (deps.modal.get().open && Navigation.current(deps) !== 'SIWXSignMessage')
      Navigation.reset(deps, 'SIWXSignMessage')
  }
}

/**
 * Stores the sign-in a wallet signed while it connected (WalletConnect one-click sign-in): the user
 * signed once, for both. When the API refuses it (another account, an expired nonce), the account is
 * asked to sign as usual.
 */
export async function adopt(deps: Deps): Promise<void> {
  const session = deps.siwx.get().signedAtConnect
  if (!session) return
  try {
    const created = await deps.api.create(deps.origin, session)
    deps.siwx.set((state) => ({ ...state, signedAtConnect: undefined }))
    add(deps, { id: created.id, revocationKey: created.revocationKey, session })
  } catch (error) {
    console.error('[walletframe] the sign-in signed at connect was refused:', error)
    deps.siwx.set((state) => ({ ...state, signedAtConnect: undefined }))
    SignInGate.prompt(deps)
  }
}

/** The sign-in a WalletConnect proposal asks for on `chains`: the same message fields, a fresh nonce. */
export async function walletConnectRequest(deps: Deps, chains: readonly string[]) {
  const { nonce } = await deps.api.nonce(deps.origin)
  const issuedAt = deps.now?.() ?? new Date()
  return {
    chains,
    domain: new URL(deps.origin).host,
    uri: deps.origin,
    nonce,
    statement: statementOf(deps),
    expirationTime: new Date(issuedAt.getTime() + sessionLifetimeMs),
  }
}

/** Cancel disconnects when sign-in is required (back to Connect), otherwise closes. */
export async function cancel(
  deps: Pick<Deps, 'modal' | 'connection' | 'networks' | 'pending' | 'storage' | 'siwx' | 'analytics'>,
) {
  if (deps.siwx.get().config?.required) await Disconnect.disconnect(deps)
  else Navigation.close(deps)
}

/** Adds a session (replacing the account's older one) and keeps the list where the frame keeps state. */
export function add(deps: Pick<Deps, 'siwx' | 'storage'>, signedIn: Siwx.SignedIn): void {
  const key = Siwx.sessionKey(signedIn)
  const sessions = [signedIn, ...deps.siwx.get().sessions.filter((other) => Siwx.sessionKey(other) !== key)]
  write(deps, sessions.slice(0, maxSessions))
}

function write(deps: Pick<Deps, 'siwx' | 'storage'>, sessions: readonly Siwx.SignedIn[]): void {
  deps.siwx.set((state) => ({ ...state, sessions }))
  if (sessions.length === 0) deps.storage.removeItem(Siwx.storageKey)
  else deps.storage.setItem(Siwx.storageKey, JSON.stringify(sessions))
}

/**
 * Loads the kept sessions (parsed: the host page may hold them) and the host's requirement. The
 * sessions show at once; `check` then asks the API which still hold.
 */
export function load(deps: Pick<Deps, 'siwx' | 'storage'>, config: { required: boolean } | undefined): void {
  const parsed = safeParse(array(StoredSignIn), readJson(deps.storage, Siwx.storageKey) ?? [])
  if (!parsed.success) deps.storage.removeItem(Siwx.storageKey)
  deps.siwx.set({ config, sessions: parsed.success ? parsed.data : [] })
}

/**
 * Drops the kept sessions the API says are revoked, expired or unknown. A session the API cannot be
 * asked about now stays: the host's backend checks it anyway.
 */
export async function check(deps: Pick<Deps, 'siwx' | 'storage' | 'api'>): Promise<void> {
  const sessions = deps.siwx.get().sessions
  const verdicts = await Promise.all(
    sessions.map(async (signedIn) => {
      try {
        return (await deps.api.get(signedIn.id)).status === 'active'
      } catch (error) {
        return (error as { status?: unknown }).status !== 404
      }
    }),
  )
  const ended = new Set(sessions.filter((_, i) => !verdicts[i]).map((signedIn) => signedIn.id))
  if (ended.size === 0) return
  write(
    deps,
    deps.siwx.get().sessions.filter((signedIn) => !ended.has(signedIn.id)),
  )
}

/** The connection ended: every kept session is revoked at the API and forgotten here. */
export async function signOut(deps: Pick<Deps, 'siwx' | 'storage' | 'api'>): Promise<void> {
  const sessions = deps.siwx.get().sessions
  if (sessions.length === 0) return
  write(deps, [])
  const results = await Promise.allSettled(
    sessions.map(async ({ id, revocationKey }) =>
      deps.api.revoke(id, { pci: id, signature: await revocationMac(revocationKey, id) }),
    ),
  )
  for (const result of results)
    if (result.status === 'rejected')
      console.error('[walletframe] revoking a sign-in session failed:', result.reason)
}

/** HMAC-SHA256 of the revocation message with the session's key, as hex (the API recomputes it). */
export async function revocationMac(key: string, id: string): Promise<string> {
  const raw = new Uint8Array(key.match(/../g)?.map((byte) => Number.parseInt(byte, 16)) ?? [])
  const hmac = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(revocationMessage(id)))
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
