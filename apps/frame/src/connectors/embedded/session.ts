// The embedded wallet's session in the frame: the API's tokens, the user, and where the wallet's
// device share is, kept in the frame origin's secure storage (memory when storage is blocked, so a
// login then lasts for the page). The access token is renewed before it expires with a refresh the
// device key signs; the wallet calls carry the device key's proof over the access token.
import {
  type AuthConnected,
  AuthTokens,
  AuthUser,
  refreshSigningInput,
  WalletAddresses,
  type WalletProofPurpose,
  walletSigningInput,
} from '@walletframe/protocol'
import * as z from 'zod/mini'
import { ApiError } from '../../data/client.js'
import { FrameError } from '../../lib/errors.js'
import { readJson, type Storage } from '../../storage/Storage.js'
import type { AuthApi } from './authApi.js'

export const storageKey = 'wf:embedded:session'
/** Refresh this long before the access token expires, so a call never goes out with a dead one. */
export const refreshMarginMs = 30_000

const Saved = z.object({
  user: AuthUser,
  tokens: AuthTokens,
  /** The wallet on this device: its addresses and the device share, wrapped by the Worker's key. */
  wallet: z.optional(z.object({ addresses: WalletAddresses, wrappedDeviceShare: z.string() })),
})
export type Saved = z.infer<typeof Saved>

export class NotSignedInError extends FrameError {
  override name = 'NotSignedInError'
  constructor() {
    super('NOT_SIGNED_IN', 'Address or auth connector not found')
  }
}

export class DisconnectFailedError extends FrameError {
  override name = 'DisconnectFailedError'
  constructor(options?: { cause?: unknown }) {
    super('DISCONNECT_FAILED', 'Failed to disconnect', options)
  }
}

export type Signer = { signWithDeviceKey(input: string): Promise<string> }

/**
 * Timestamps for device-key proofs, strictly increasing: the API spends a proof by what it signs
 * (purpose, token or attempt, timestamp), so two proofs made in the same millisecond would be one.
 */
export function clock(now: () => number = Date.now): () => number {
  let last = 0
  return () => {
    last = Math.max(now(), last + 1)
    return last
  }
}

export type Session = ReturnType<typeof create>

export function create(options: {
  storage: Storage
  api: Pick<AuthApi, 'refresh' | 'revoke'>
  signer: Signer
  now?: () => number
}) {
  const now = options.now ?? Date.now
  const stamp = clock(now)
  const parsed = Saved.safeParse(readJson(options.storage, storageKey))
  let saved: Saved | undefined = parsed.success ? parsed.data : undefined

  const write = (next: Saved | undefined) => {
    saved = next
    if (next) options.storage.setItem(storageKey, JSON.stringify(next))
    else options.storage.removeItem(storageKey)
  }
  const required = () => {
    if (!saved) throw new NotSignedInError()
    return saved
  }

  async function refresh(): Promise<void> {
    const current = required()
    const timestamp = stamp()
    const { refreshToken } = current.tokens
    const signature = await options.signer.signWithDeviceKey(refreshSigningInput(refreshToken, timestamp))
    try {
      const tokens = await options.api.refresh({ refreshToken, timestamp, signature })
      write({ ...required(), tokens })
    } catch (error) {
      // The session is over (revoked, expired, or the token was replayed): nothing to keep.
      if (error instanceof ApiError && error.status === 401) write(undefined)
      throw error
    }
  }

  async function accessToken(): Promise<string> {
    const { tokens } = required()
    if (Date.parse(tokens.accessTokenExpiresAt) - now() < refreshMarginMs) await refresh()
    return required().tokens.accessToken
  }

  return {
    current: (): Saved | undefined => saved,
    /** A completed login (CONNECT): its session replaces any other; a wallet of another user is dropped. */
    start(connected: AuthConnected): void {
      const wallet = saved?.user.id === connected.user.id ? saved.wallet : undefined
      write({ user: connected.user, tokens: connected.tokens, ...(wallet ? { wallet } : {}) })
    },
    setWallet(wallet: NonNullable<Saved['wallet']>): void {
      write({ ...required(), wallet })
    },
    /** The account's address changed (email update): kept with the session, so a reload shows it too. */
    setEmail(email: string): void {
      const current = required()
      write({ ...current, user: { ...current.user, email } })
    },
    refresh,
    accessToken,
    /** The access token and the device key's proof over it for a wallet call or an email update (each proof works once). */
    async proof(purpose: WalletProofPurpose) {
      const token = await accessToken()
      const timestamp = stamp()
      const signature = await options.signer.signWithDeviceKey(walletSigningInput(purpose, token, timestamp))
      return { accessToken: token, proof: { timestamp, signature } }
    },
    /** Sign-out: the API revokes the session; this device forgets it whatever the API answered. */
    async end(): Promise<void> {
      if (!saved) return
      try {
        // A fresh token first: an expired one would be refused and leave the session alive at the API.
        await options.api.revoke(await accessToken())
      } catch (error) {
        // An ended session is what sign-out wants; anything else is reported.
        if (!(error instanceof ApiError && error.status === 401))
          throw new DisconnectFailedError({ cause: error })
      } finally {
        write(undefined)
      }
    },
  }
}
