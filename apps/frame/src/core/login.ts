// The embedded wallet's login as a state machine: which screen the login is on and what may follow it.
// Pure: `transition` answers the next state for an event and does nothing else; the login actions
// (actions/login.ts) do the work, and the views send what came of it. An event a state does not
// expect leaves it as it is, so a late answer (a poll finishing after Cancel) changes nothing.
import type { FrameSocialProvider } from '@walletframe/protocol'
import type { EmailStep, PasskeyMode, PasswordReason } from '../lib/embeddedLogin.js'
import { messageOf } from '../lib/errors.js'
import { loginMessages } from '../lib/loginMessages.js'

/**
 * The wallet opens once the session does, and asks for its recovery password: chosen for a new wallet,
 * entered for a known one on a new device. It is asked over the screen the login was on (`from`), to
 * which the answer returns while the wallet opens, and which takes the outcome: connected, or not.
 */
export type Password<From> = {
  readonly name: 'password'
  readonly reason: PasswordReason
  readonly from: From
}

/** The steps of an email or social login before the wallet opens. */
type Step =
  /** The methods; `blocked` names a provider whose popup the browser blocked (the user clicks again). */
  | { readonly name: 'start'; readonly error?: string; readonly blocked?: FrameSocialProvider }
  /** A new device: the mailbox approves it from the mailed link, then the code is mailed. */
  | { readonly name: 'device'; readonly step: EmailStep; readonly error?: string }
  /** The mailed code is asked for. */
  | { readonly name: 'code'; readonly step: EmailStep; readonly error?: string }
  /** The provider's login runs in the popup the click opened. */
  | { readonly name: 'social'; readonly provider: FrameSocialProvider }
  /** The browser's passkey dialog, then the API's check of what it signed. */
  | { readonly name: 'passkey'; readonly mode: PasskeyMode }

/** Email and social login, at the top of Connect. */
export type State =
  | Step
  | Password<Step>
  /** The session is open and the wallet connected. */
  | { readonly name: 'connected' }

/** The wallet's recovery password, asked and answered: the same events in both logins. */
export type PasswordEvent =
  /** The wallet asks for the recovery password as it opens. */
  | { readonly type: 'passwordAsked'; readonly reason: PasswordReason }
  /** The password was given or declined: the wallet opens with it, or does not (a cancel follows). */
  | { readonly type: 'passwordAnswered' }

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
  /** A passkey ceremony began (a new passkey, or one the user has). */
  | { readonly type: 'passkeyStarted'; readonly mode: PasskeyMode }
  /** The session opened and the wallet connected. */
  | { readonly type: 'connected' }
  /** A step failed, in words for the user. */
  | { readonly type: 'failed'; readonly error: string }
  /** The user gave up the step (Cancel, or the recovery password declined). */
  | { readonly type: 'cancelled' }
  | PasswordEvent

export const initial: State = { name: 'start' }

/** What a step's failure is: the user's own refusal (EIP-1193 4001) is a cancel, not an error to show. */
export function failed(failure: unknown): Event & FarcasterEvent {
  return (failure as { code?: unknown } | undefined)?.code === 4001
    ? { type: 'cancelled' }
    : { type: 'failed', error: messageOf(failure) }
}

/** What the wallet's question for the recovery password is now: asked (and why), or answered. */
export function passwordEvent(asked: PasswordReason | undefined): PasswordEvent {
  return asked ? { type: 'passwordAsked', reason: asked } : { type: 'passwordAnswered' }
}

/** What a finished login is: connected, or not (the connect action said why, in a toast). */
export function finished(connected: boolean): Event {
  return connected ? { type: 'connected' } : { type: 'cancelled' }
}

export function transition(state: State, event: Event): State {
  if (state.name === 'password') {
    const answered = asking(state, event)
    if (answered) return answered
    // The outcome of the wallet's opening is the step's: a failure or a cancel lands where it was asked.
    if (event.type === 'failed' || event.type === 'cancelled') return transition(state.from, event)
    return state
  }
  switch (event.type) {
    case 'began':
      if (
        state.name === 'connected' ||
        state.name === 'social' ||
        state.name === 'passkey' ||
        state.error === undefined
      )
        return state
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
    case 'passkeyStarted':
      return state.name === 'start' ? { name: 'passkey', mode: event.mode } : state
    case 'connected':
      return state.name === 'code' || state.name === 'social' || state.name === 'passkey'
        ? { name: 'connected' }
        : state
    case 'failed':
      // A social or passkey login that failed is over: back to the methods, with the reason.
      if (state.name === 'social' || state.name === 'passkey') return { name: 'start', error: event.error }
      if (state.name === 'connected') return state
      return { ...state, error: event.error }
    case 'cancelled':
      // Cancelling the popup's wait, or the device's, returns to the methods; on the code the user
      // may still enter it (a declined recovery password leaves the code screen as it was).
      if (state.name === 'social' || state.name === 'device' || state.name === 'passkey')
        return { name: 'start' }
      return state
    case 'passwordAsked':
      return state.name === 'connected' ? state : { name: 'password', reason: event.reason, from: state }
    case 'passwordAnswered':
      return state
  }
}

/**
 * What a password state makes of the events alike in both logins: a question asked again names its
 * reason; the answer returns to the screen it was asked over; a wallet that opened is connected.
 * Undefined for the rest, which each login decides.
 */
function asking<From>(
  state: Password<From>,
  event: Event | FarcasterEvent,
): Password<From> | From | { readonly name: 'connected' } | undefined {
  switch (event.type) {
    case 'passwordAsked':
      return { ...state, reason: event.reason }
    case 'passwordAnswered':
      return state.from
    case 'connected':
      return { name: 'connected' }
    default:
      return undefined
  }
}

function withoutError<S extends Exclude<Step, { name: 'social' | 'passkey' }>>(state: S): S {
  const { error: _error, ...rest } = state
  return rest as S
}

/** The steps of a Farcaster login before the wallet opens. */
type FarcasterStep =
  /** The channel is being opened (or has closed with the wait, as the wallet opens). */
  | { readonly name: 'opening' }
  /** The QR code of `url` is shown while the Farcaster app signs and the API verifies. */
  | { readonly name: 'waiting'; readonly url: string }

/** Sign In With Farcaster (its own view): the relay channel as a QR code, the wait, the outcome. */
export type FarcasterState =
  | FarcasterStep
  | Password<FarcasterStep>
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
  | PasswordEvent

export const farcasterInitial: FarcasterState = { name: 'opening' }

/** What the Farcaster view says when the user declined the recovery password. */
export const farcasterCancelled = loginMessages.loginCancelled

export function farcasterTransition(state: FarcasterState, event: FarcasterEvent): FarcasterState {
  if (state.name === 'password') {
    const answered = asking(state, event)
    if (answered) return answered
    // The channel closes with the wait, as the wallet opens: the screen beneath follows it. The
    // outcome (a failure, a cancel) is the login's.
    if (event.type === 'channel') return { ...state, from: channelStep(event.url) }
    return farcasterTransition(state.from, event)
  }
  switch (event.type) {
    case 'channel':
      if (state.name !== 'opening' && state.name !== 'waiting') return state
      return channelStep(event.url)
    case 'connected':
      return state.name === 'failed' ? state : { name: 'connected' }
    case 'failed':
      return state.name === 'connected' ? state : { name: 'failed', error: event.error }
    case 'cancelled':
      return state.name === 'connected' ? state : { name: 'failed', error: farcasterCancelled }
    case 'passwordAsked':
      if (state.name !== 'opening' && state.name !== 'waiting') return state
      return { name: 'password', reason: event.reason, from: state }
    case 'passwordAnswered':
      return state
  }
}

/** The QR code of the channel open now, or the opening one. */
function channelStep(url: string | undefined): FarcasterStep {
  return url ? { name: 'waiting', url } : { name: 'opening' }
}
