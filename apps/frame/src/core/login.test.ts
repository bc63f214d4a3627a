// The login's screens as a machine: every transition of the email, social and Farcaster logins, the
// recovery password the wallet asks for as it opens, with the failures and the cancels, and the events
// a state does not expect leave it as it is.
import { UserRejectedRequestError } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import type { EmailStep } from '../lib/embeddedLogin.js'
import * as Login from './login.js'

const step = (action: EmailStep['action'], resendAt = 1_000): EmailStep => ({
  attemptId: 'attempt-1',
  action,
  email: 'ada@example.test',
  resendAt,
})
const otp = step('VERIFY_OTP')
const device = step('VERIFY_DEVICE')

/** The state after `events`, from the methods. */
const after = (...events: Login.Event[]) => events.reduce(Login.transition, Login.initial)

describe('transition', () => {
  it('starts on the methods', () => {
    expect(Login.initial).toEqual({ name: 'start' })
  })

  it('goes from the address to the code when the API mails one', () => {
    expect(after({ type: 'emailStarted', step: otp })).toEqual({ name: 'code', step: otp })
  })

  it('goes from the address to the device approval on a new device, then to the code', () => {
    expect(after({ type: 'emailStarted', step: device })).toEqual({ name: 'device', step: device })
    expect(after({ type: 'emailStarted', step: device }, { type: 'deviceApproved', step: otp })).toEqual({
      name: 'code',
      step: otp,
    })
  })

  it('takes a resent code with its new cooldown', () => {
    const resent = step('VERIFY_OTP', 31_000)
    expect(after({ type: 'emailStarted', step: otp }, { type: 'codeResent', step: resent })).toEqual({
      name: 'code',
      step: resent,
    })
  })

  it('is connected once the code opens the session', () => {
    expect(after({ type: 'emailStarted', step: otp }, { type: 'connected' })).toEqual({ name: 'connected' })
  })

  it('stays on the code with the reason when a code is refused, and drops it as the next step begins', () => {
    const refused = after({ type: 'emailStarted', step: otp }, { type: 'failed', error: 'Invalid code' })
    expect(refused).toEqual({ name: 'code', step: otp, error: 'Invalid code' })
    expect(Login.transition(refused, { type: 'began' })).toEqual({ name: 'code', step: otp })
  })

  it('stays on the methods with the reason when the address is refused', () => {
    expect(after({ type: 'failed', error: 'Please try again after 17 seconds' })).toEqual({
      name: 'start',
      error: 'Please try again after 17 seconds',
    })
  })

  it('stays on the device approval with the reason when the login expires there', () => {
    const expired = after({ type: 'emailStarted', step: device }, { type: 'failed', error: 'Expired' })
    expect(expired).toEqual({ name: 'device', step: device, error: 'Expired' })
    expect(Login.transition(expired, { type: 'began' })).toEqual({ name: 'device', step: device })
  })

  it('keeps the code when the recovery password is declined (the code may still be entered)', () => {
    expect(after({ type: 'emailStarted', step: otp }, { type: 'cancelled' })).toEqual({
      name: 'code',
      step: otp,
    })
  })

  it('returns to the methods when the device approval is given up', () => {
    expect(after({ type: 'emailStarted', step: device }, { type: 'cancelled' })).toEqual({ name: 'start' })
  })

  it('waits for the popup a click opened, and is connected when its login is', () => {
    expect(after({ type: 'popupOpened', provider: 'google' })).toEqual({ name: 'social', provider: 'google' })
    expect(after({ type: 'popupOpened', provider: 'google' }, { type: 'connected' })).toEqual({
      name: 'connected',
    })
  })

  it('returns to the methods with the reason when the social login fails', () => {
    expect(
      after(
        { type: 'popupOpened', provider: 'x' },
        { type: 'failed', error: 'The x login did not complete' },
      ),
    ).toEqual({
      name: 'start',
      error: 'The x login did not complete',
    })
  })

  it('returns to the methods without a reason when the social login is cancelled', () => {
    expect(after({ type: 'popupOpened', provider: 'github' }, { type: 'cancelled' })).toEqual({
      name: 'start',
    })
  })

  it('waits for the passkey dialog, asks for the recovery password over it, and is connected once the wallet opens', () => {
    expect(after({ type: 'passkeyStarted', mode: 'create' })).toEqual({ name: 'passkey', mode: 'create' })
    const asked = after(
      { type: 'passkeyStarted', mode: 'create' },
      { type: 'passwordAsked', reason: 'create' },
    )
    expect(asked).toMatchObject({ name: 'password', reason: 'create', from: { name: 'passkey' } })
    expect(Login.transition(asked, { type: 'connected' })).toEqual({ name: 'connected' })
  })

  it('returns to the methods with the reason when the passkey is refused, and without one when cancelled', () => {
    const refused = { type: 'failed', error: 'The passkey could not be verified' } as const
    expect(after({ type: 'passkeyStarted', mode: 'get' }, refused)).toEqual({
      name: 'start',
      error: refused.error,
    })
    expect(after({ type: 'passkeyStarted', mode: 'get' }, { type: 'cancelled' })).toEqual({ name: 'start' })
  })

  it('names the provider whose popup the browser blocked, and opens it on the next click', () => {
    const blocked = after({ type: 'popupBlocked', provider: 'discord' })
    expect(blocked).toEqual({ name: 'start', blocked: 'discord' })
    expect(Login.transition(blocked, { type: 'popupOpened', provider: 'discord' })).toEqual({
      name: 'social',
      provider: 'discord',
    })
  })

  it('keeps the blocked provider when an email start fails meanwhile', () => {
    expect(after({ type: 'popupBlocked', provider: 'discord' }, { type: 'failed', error: 'No' })).toEqual({
      name: 'start',
      blocked: 'discord',
      error: 'No',
    })
  })

  it('goes from a blocked popup to the code when the email is started instead', () => {
    expect(after({ type: 'popupBlocked', provider: 'apple' }, { type: 'emailStarted', step: otp })).toEqual({
      name: 'code',
      step: otp,
    })
  })

  it('asks for the recovery password over the code, returns to it once answered, and is connected when the wallet opens', () => {
    const asked = after({ type: 'emailStarted', step: otp }, { type: 'passwordAsked', reason: 'create' })
    expect(asked).toEqual({ name: 'password', reason: 'create', from: { name: 'code', step: otp } })
    const answered = Login.transition(asked, { type: 'passwordAnswered' })
    expect(answered).toEqual({ name: 'code', step: otp })
    expect(Login.transition(answered, { type: 'connected' })).toEqual({ name: 'connected' })
  })

  it('asks for the recovery password after a social login, and is connected once the wallet opens', () => {
    const asked = after(
      { type: 'popupOpened', provider: 'google' },
      { type: 'passwordAsked', reason: 'recover' },
    )
    expect(asked).toEqual({
      name: 'password',
      reason: 'recover',
      from: { name: 'social', provider: 'google' },
    })
    expect(Login.transition(asked, { type: 'connected' })).toEqual({ name: 'connected' })
  })

  it('takes a declined recovery password where it was asked: the code stays, a social login ends', () => {
    const onCode = after(
      { type: 'emailStarted', step: otp },
      { type: 'passwordAsked', reason: 'create' },
      { type: 'passwordAnswered' },
      { type: 'cancelled' },
    )
    expect(onCode).toEqual({ name: 'code', step: otp })
    const onSocial = after(
      { type: 'popupOpened', provider: 'x' },
      { type: 'passwordAsked', reason: 'recover' },
      { type: 'passwordAnswered' },
      { type: 'cancelled' },
    )
    expect(onSocial).toEqual({ name: 'start' })
    // The outcome may come before the answer does: it lands where the password was asked.
    expect(
      after(
        { type: 'popupOpened', provider: 'x' },
        { type: 'passwordAsked', reason: 'recover' },
        { type: 'cancelled' },
      ),
    ).toEqual({ name: 'start' })
    expect(
      after(
        { type: 'emailStarted', step: otp },
        { type: 'passwordAsked', reason: 'recover' },
        { type: 'failed', error: 'The recovery password is not correct; try again' },
      ),
    ).toEqual({ name: 'code', step: otp, error: 'The recovery password is not correct; try again' })
  })

  it('names the reason of a question asked again, and keeps the password asked through other events', () => {
    const asked = after({ type: 'emailStarted', step: otp }, { type: 'passwordAsked', reason: 'create' })
    expect(Login.transition(asked, { type: 'passwordAsked', reason: 'recover' })).toEqual({
      ...asked,
      reason: 'recover',
    })
    for (const event of [
      { type: 'began' },
      { type: 'emailStarted', step: otp },
      { type: 'deviceApproved', step: otp },
      { type: 'codeResent', step: otp },
      { type: 'popupOpened', provider: 'x' },
      { type: 'popupBlocked', provider: 'x' },
    ] as const)
      expect(Login.transition(asked, event)).toBe(asked)
  })

  it('ignores what a state does not expect', () => {
    const start = Login.initial
    expect(Login.transition(start, { type: 'deviceApproved', step: otp })).toBe(start)
    expect(Login.transition(start, { type: 'codeResent', step: otp })).toBe(start)
    expect(Login.transition(start, { type: 'connected' })).toBe(start)
    expect(Login.transition(start, { type: 'cancelled' })).toBe(start)
    expect(Login.transition(start, { type: 'began' })).toBe(start)
    expect(Login.transition(start, { type: 'passwordAnswered' })).toBe(start)

    const code = after({ type: 'emailStarted', step: otp })
    expect(Login.transition(code, { type: 'emailStarted', step: device })).toBe(code)
    expect(Login.transition(code, { type: 'deviceApproved', step: otp })).toBe(code)
    expect(Login.transition(code, { type: 'popupOpened', provider: 'google' })).toBe(code)
    expect(Login.transition(code, { type: 'popupBlocked', provider: 'google' })).toBe(code)

    const waiting = after({ type: 'emailStarted', step: device })
    expect(Login.transition(waiting, { type: 'codeResent', step: otp })).toBe(waiting)
    expect(Login.transition(waiting, { type: 'connected' })).toBe(waiting)

    const social = after({ type: 'popupOpened', provider: 'google' })
    expect(Login.transition(social, { type: 'began' })).toBe(social)
    expect(Login.transition(social, { type: 'emailStarted', step: otp })).toBe(social)
    expect(Login.transition(social, { type: 'popupOpened', provider: 'x' })).toBe(social)

    // A late answer after the login finished (a poll that ends after connecting) changes nothing.
    const connected = after({ type: 'popupOpened', provider: 'google' }, { type: 'connected' })
    for (const event of [
      { type: 'began' },
      { type: 'failed', error: 'late' },
      { type: 'cancelled' },
      { type: 'emailStarted', step: otp },
      { type: 'popupOpened', provider: 'x' },
      { type: 'passwordAsked', reason: 'create' },
      { type: 'passwordAnswered' },
    ] as const)
      expect(Login.transition(connected, event)).toBe(connected)
  })
})

/** The Farcaster state after `events`, from the opening channel. */
const farcaster = (...events: Login.FarcasterEvent[]) =>
  events.reduce(Login.farcasterTransition, Login.farcasterInitial)
const url = 'farcaster://connect?channelToken=ABCDEFGH'

describe('farcasterTransition', () => {
  it('opens a channel, then shows its QR code while the Farcaster app signs', () => {
    expect(Login.farcasterInitial).toEqual({ name: 'opening' })
    expect(farcaster({ type: 'channel', url })).toEqual({ name: 'waiting', url })
  })

  it('is connected once the API has verified the signed message', () => {
    expect(farcaster({ type: 'channel', url }, { type: 'connected' })).toEqual({ name: 'connected' })
  })

  it('fails with the reason, and stays failed when the channel then closes', () => {
    const failed = farcaster({ type: 'channel', url }, { type: 'failed', error: 'Invalid nonce' })
    expect(failed).toEqual({ name: 'failed', error: 'Invalid nonce' })
    expect(Login.farcasterTransition(failed, { type: 'channel', url: undefined })).toBe(failed)
    expect(Login.farcasterTransition(failed, { type: 'connected' })).toBe(failed)
  })

  it('fails before a channel opens (the wallet did not load)', () => {
    expect(farcaster({ type: 'failed', error: 'A problem' })).toEqual({ name: 'failed', error: 'A problem' })
  })

  it('says the login was cancelled when the recovery password is declined', () => {
    expect(farcaster({ type: 'channel', url }, { type: 'cancelled' })).toEqual({
      name: 'failed',
      error: Login.farcasterCancelled,
    })
  })

  it('goes back to opening when the channel closes with the wait', () => {
    expect(farcaster({ type: 'channel', url }, { type: 'channel', url: undefined })).toEqual({
      name: 'opening',
    })
  })

  it('asks for the recovery password as the wallet opens, and is connected once it has', () => {
    const asked = farcaster(
      { type: 'channel', url },
      { type: 'channel', url: undefined },
      { type: 'passwordAsked', reason: 'create' },
    )
    expect(asked).toEqual({ name: 'password', reason: 'create', from: { name: 'opening' } })
    expect(Login.farcasterTransition(asked, { type: 'passwordAnswered' })).toEqual({ name: 'opening' })
    expect(Login.farcasterTransition(asked, { type: 'connected' })).toEqual({ name: 'connected' })
  })

  it('follows the channel beneath the password, and fails as the login does', () => {
    const asked = farcaster({ type: 'channel', url }, { type: 'passwordAsked', reason: 'recover' })
    const closed = Login.farcasterTransition(asked, { type: 'channel', url: undefined })
    expect(closed).toEqual({ name: 'password', reason: 'recover', from: { name: 'opening' } })
    expect(Login.farcasterTransition(closed, { type: 'cancelled' })).toEqual({
      name: 'failed',
      error: Login.farcasterCancelled,
    })
    expect(Login.farcasterTransition(closed, { type: 'failed', error: 'Wrong password' })).toEqual({
      name: 'failed',
      error: 'Wrong password',
    })
  })

  it('asks no password once the login is over', () => {
    for (const over of [farcaster({ type: 'connected' }), farcaster({ type: 'failed', error: 'No' })])
      expect(Login.farcasterTransition(over, { type: 'passwordAsked', reason: 'create' })).toBe(over)
  })

  it('ignores a channel, a failure or a cancel once connected', () => {
    const connected = farcaster({ type: 'connected' })
    expect(Login.farcasterTransition(connected, { type: 'channel', url })).toBe(connected)
    expect(Login.farcasterTransition(connected, { type: 'failed', error: 'late' })).toBe(connected)
    expect(Login.farcasterTransition(connected, { type: 'cancelled' })).toBe(connected)
  })
})

describe('failed', () => {
  it("is a cancel for the user's own refusal (4001), else a failure in the error's words", () => {
    expect(Login.failed(new UserRejectedRequestError())).toEqual({ type: 'cancelled' })
    expect(Login.failed(new Error('Invalid code'))).toEqual({ type: 'failed', error: 'Invalid code' })
  })
})

describe('passwordEvent', () => {
  it("is the wallet's question while it is asked, and its answer once it is not", () => {
    expect(Login.passwordEvent('recover')).toEqual({ type: 'passwordAsked', reason: 'recover' })
    expect(Login.passwordEvent(undefined)).toEqual({ type: 'passwordAnswered' })
  })
})

describe('finished', () => {
  it('is connected when the wallet connected, else a cancel (the connect action said why)', () => {
    expect(Login.finished(true)).toEqual({ type: 'connected' })
    expect(Login.finished(false)).toEqual({ type: 'cancelled' })
  })
})
