// WalletConnect connection state: the pairing URI and its expiry, the deep link in use, the recent
// wallet, the last error, and the status disconnected -> connecting -> connected.
import type { RegistryWallet } from '@walletframe/protocol/walletRegistry'
import * as Store from '../../../lib/store.js'

/** The wallet app a user opened by deep link or universal link (stored on success). */
export type WcLinking = { readonly name: string; readonly href: string }

export type ConnectionState = {
  readonly wcUri: string | undefined
  /** Epoch ms after which the URI must not be shown any more. */
  readonly wcPairingExpiry: number | undefined
  readonly wcLinking: WcLinking | undefined
  readonly recentWallet: RegistryWallet | undefined
  readonly wcError: string | undefined
  /** A pairing is being created (the relay publish is in flight): show a spinner, not an old QR. */
  readonly buffering: boolean
  readonly status: 'disconnected' | 'connecting' | 'connected'
}

/** A pairing URI lives 4 minutes; within 10 s of its expiry it counts as expired. */
export const pairingLifetimeMs = 4 * 60_000
export const expiryMarginMs = 10_000

export const initial: ConnectionState = {
  wcUri: undefined,
  wcPairingExpiry: undefined,
  wcLinking: undefined,
  recentWallet: undefined,
  wcError: undefined,
  buffering: false,
  status: 'disconnected',
}

/** The URI's own `expiryTimestamp` (seconds), capped at the 4-minute pairing lifetime from `now`. */
export function pairingExpiry(uri: string, now: number): number {
  const query = uri.slice(uri.indexOf('?') + 1)
  const seconds = Number(new URLSearchParams(query).get('expiryTimestamp'))
  const cap = now + pairingLifetimeMs
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, cap) : cap
}

/** A pairing with under 10 s left counts as expired (the wallet may not finish in time). */
export function isPairingExpired(state: Pick<ConnectionState, 'wcPairingExpiry'>, now: number): boolean {
  return state.wcPairingExpiry === undefined || state.wcPairingExpiry - now < expiryMarginMs
}

/** When to replace the URI: 10 s before its expiry (never in the past). */
export function refreshDelay(expiry: number, now: number): number {
  return Math.max(0, expiry - expiryMarginMs - now)
}

export function create() {
  const store = Store.create<ConnectionState>(initial)
  return {
    ...store,
    /** A new pairing is being created. */
    buffering() {
      store.set((state) => ({ ...state, buffering: true, wcError: undefined, status: 'connecting' }))
    },
    paired(uri: string, now: number) {
      store.set((state) => ({
        ...state,
        wcUri: uri,
        wcPairingExpiry: pairingExpiry(uri, now),
        buffering: false,
        wcError: undefined,
        status: 'connecting',
      }))
    },
    setLinking(linking: WcLinking | undefined) {
      store.set((state) => ({ ...state, wcLinking: linking }))
    },
    setRecentWallet(wallet: RegistryWallet | undefined) {
      store.set((state) => ({ ...state, recentWallet: wallet }))
    },
    failed(message: string) {
      store.set((state) => ({ ...state, wcError: message, buffering: false }))
    },
    connected() {
      store.set((state) => ({
        ...state,
        status: 'connected',
        buffering: false,
        wcError: undefined,
        wcUri: undefined,
        wcPairingExpiry: undefined,
      }))
    },
    /** Back to disconnected: clears URI, pairing expiry, linking and recent wallet. */
    reset() {
      store.set(initial)
    },
  }
}
export type ConnectionStore = ReturnType<typeof create>
