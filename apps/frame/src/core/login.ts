// The embedded wallet's login as a state machine: which screen the login is on and what may follow it.
// Pure: `transition` answers the next state for an event and does nothing else; the login actions
// (actions/login.ts) do the work, and the views send what came of it. An event a state does not
// expect leaves it as it is, so a late answer (a poll finishing after Cancel) changes nothing.
import type { FrameSocialProvider } from '@walletframe/protocol'
import type { EmailStep } from '../lib/embeddedLogin.js'
import { messageOf } from '../lib/errors.js'

/** Email and social login, at the top of Connect. */
export type State =
  /** The methods; `blocked` names a provider whose popup the browser blocked (the user clicks again). */
  | { readonly name: 'start'; readonly error?: string; readonly blocked?: FrameSocialProvider }
  /** A new device: the mailbox approves it from the mailed link, then the code is mailed. */
  | { readonly name: 'device'; readonly step: EmailStep; readonly error?: string }
  /** The mailed code is asked for. */
  | { readonly name: 'code'; readonly step: EmailStep; readonly error?: string }
  /** The provider's login runs in the popup the click opened. */
  | { readonly name: 'social'; readonly provider: FrameSocialProvider }
  /** The session is open and the wallet connected. */
  | { readonly name: 'connected' }

export type Event =
  /** An action began: the last error goes. */
  | { readonly type: 'began' }
  /** The API took the address: a code was mailed, or the device must be approved first. */
  | { readonly type: 'emailStarted'; readonly step: EmailStep }
  /** The mailbox approved this device; the code is mailed now. */
  | { readonly type: 'deviceApproved'; readonly step: EmailStep }
  /** A new code was mailed (its cooldown starts again). */
  | { readonly type: 'codeResent'; readonly step: EmailStep }
  /** The popup opened in the click; the login waits for it. */
  | { readonly type: 'popupOpened'; readonly provider: FrameSocialProvider }
  /** The browser refused the popup. */
  | { readonly type: 'popupBlocked'; readonly provider: FrameSocialProvider }
  /** The session opened and the wallet connected. */
  | { readonly type: 'connected' }
  /** A step failed, in words for the user. */
  | { readonly type: 'failed'; readonly error: string }
  /** The user gave up the step (Cancel, or the recovery password declined). */
  | { readonly type: 'cancelled' }

export const initial: State = { name: 'start' }

/** What a step's failure is: the user's own refusal (EIP-1193 4001) is a cancel, not an error to show. */
export function failed(failure: unknown): Event & FarcasterEvent {
  return (failure as { code?: unknown } | undefined)?.code === 4001
    ? { type: 'cancelled' }
    : { type: 'failed', error: messageOf(failure) }
}

/** What a finished login is: connected, or not (the connect action said why, in a toast). */
export function finished(connected: boolean): Event {
  return connected ? { type: 'connected' } : { type: 'cancelled' }
}

export function transition(state: State, event: Event): State {
  switch (event.type) {
    case 'began':
      if (state.name === 'connected' || state.name === 'social' || state.error === undefined) return state
      return withoutError(state)
    case 'emailStarted':
      if (state.name !== 'start') return state
      return event.step.action === 'VERIFY_DEVICE'
        ? { name: 'device', step: event.step }
        : { name: 'code', step: event.step }
    case 'deviceApproved':
      return state.name === 'device' ? { name: 'code', step: event.step } : state
    case 'codeResent':
      return state.name === 'code' ? { name: 'code', step: event.step } : state
    case 'popupOpened':
      return state.name === 'start' ? { name: 'social', provider: event.provider } : state
    case 'popupBlocked':
      return state.name === 'start' ? { name: 'start', blocked: event.provider } : state
    case 'connected':
      return state.name === 'code' || state.name === 'social' ? { name: 'connected' } : state
    case 'failed':
      // A social login that failed is over: back to the methods, with the reason.
      if (state.name === 'social') return { name: 'start', error: event.error }
      if (state.name === 'connected') return state
      return { ...state, error: event.error }
    case 'cancelled':
      // Cancelling the popup's wait, or the device's, returns to the methods; on the code the user
      // may still enter it (a declined recovery password leaves the code screen as it was).
      if (state.name === 'social' || state.name === 'device') return { name: 'start' }
      return state
  }
}

function withoutError<S extends Exclude<State, { name: 'connected' | 'social' }>>(state: S): S {
  const { error: _error, ...rest } = state
  return rest as S
}

/** Sign In With Farcaster (its own view): the relay channel as a QR code, the wait, the outcome. */
export type FarcasterState =
  /** The channel is being opened. */
  | { readonly name: 'opening' }
  /** The QR code of `url` is shown while the Farcaster app signs and the API verifies. */
  | { readonly name: 'waiting'; readonly url: string }
  | { readonly name: 'connected' }
  /** The login ended without a session; "Try again" is a new attempt, with a new channel. */
  | { readonly name: 'failed'; readonly error: string }

export type FarcasterEvent =
  /** The relay channel is open (undefined: it closed with the wait). */
  | { readonly type: 'channel'; readonly url: string | undefined }
  | { readonly type: 'connected' }
  | { readonly type: 'failed'; readonly error: string }
  /** The recovery password was declined. */
  | { readonly type: 'cancelled' }

export const farcasterInitial: FarcasterState = { name: 'opening' }

/** What the Farcaster view says when the user declined the recovery password. */
export const farcasterCancelled = 'The login was cancelled'

export function farcasterTransition(state: FarcasterState, event: FarcasterEvent): FarcasterState {
  switch (event.type) {
    case 'channel':
      if (state.name !== 'opening' && state.name !== 'waiting') return state
      return event.url ? { name: 'waiting', url: event.url } : { name: 'opening' }
    case 'connected':
      return state.name === 'failed' ? state : { name: 'connected' }
    case 'failed':
      return state.name === 'connected' ? state : { name: 'failed', error: event.error }
    case 'cancelled':
      return state.name === 'connected' ? state : { name: 'failed', error: farcasterCancelled }
  }
}
