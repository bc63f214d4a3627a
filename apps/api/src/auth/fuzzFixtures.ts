// Live values for the bad-input fuzz test (routes/badInputSweep.ts): each login route needs input that
// is valid at the moment it is sent (a code not yet used, a state not yet spent, a session not yet
// revoked), so real logins are run here against the API, the mail catcher and the OAuth stand-in.

import { createHash, randomBytes } from 'node:crypto'
import { type CaughtMail, farcasterSignIn, type startMailCatcher } from '@walletframe/devstack'
import {
  type AuthConnected,
  connectSigningInput,
  type EmailStartResponse,
  type EmailUpdateResponse,
  type FarcasterStartResponse,
  type PasskeyLoginStartResponse,
  type PasskeyRegisterStartResponse,
  type SocialStartResponse,
  type TotpConfirmed,
  type TotpStartResponse,
  type WalletProofPurpose,
  walletSigningInput,
} from '@walletframe/protocol'
import { Secret, TOTP } from 'otpauth'
import * as TestAuthenticator from './testAuthenticator.js'
import { exampleWallet, newDevice } from './testing.js'

export type FuzzFixtures = {
  parameters: Record<string, string>
  bodies: Record<string, unknown>
  headers: Record<string, Record<string, string>>
}

type Mail = Pick<Awaited<ReturnType<typeof startMailCatcher>>, 'next' | 'mailsTo'>

export async function fuzzFixtures(options: {
  apiUrl: string
  mail: Mail
  origin: string
  projectId: string
  /** The Farcaster relay stand-in the API is configured with: a signed-in channel to CONNECT. */
  farcasterRelayUrl: string
  /** The frame origin the API runs passkey ceremonies for (the callers' Origin is a host page's). */
  frameOrigin: string
}): Promise<FuzzFixtures> {
  const { apiUrl, mail, origin, projectId } = options
  const q = `?projectId=${projectId}`
  const device = await newDevice()
  const deviceKey = device.publicKey
  const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}${q}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const codeIn = (m: CaughtMail) => /\b(\d{6})\b/.exec(m.text)![1]!
  const after = (to: string) => mail.mailsTo(to).at(-1)?.id ?? 0

  /**
   * A social login through the stand-in as `user`, with the popup's binding secret: `until` says how
   * far it goes (the provider's answer before the API's callback; the callback; the popup's complete).
   */
  async function social(provider: string, user: string, until: 'provider' | 'returned' | 'ready' = 'ready') {
    const binding = randomBytes(32).toString('base64url')
    const bindingChallenge = createHash('sha256').update(binding).digest('base64url')
    const started = await post<SocialStartResponse>('/v1/auth/social/start', {
      provider,
      deviceKey,
      bindingChallenge,
    })
    const form = new URLSearchParams(new URL(started.authorizationUrl).searchParams)
    form.set('user', user)
    const decided = await fetch(started.authorizationUrl.split('?')[0]!, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    })
    const callback = new URL(decided.headers.get('location')!)
    if (until === 'provider') return { started, callback, binding, completion: '' }
    const back = await fetch(callback, { redirect: 'manual' })
    const completion = new URL(back.headers.get('location')!).searchParams.get('completion')!
    if (until === 'ready')
      await post('/v1/auth/social/complete', { attemptId: started.attemptId, completion, binding })
    return { started, callback, binding, completion }
  }
  const connectProof = async (attemptId: string) => {
    const timestamp = Date.now()
    return { timestamp, signature: await device.sign(connectSigningInput(attemptId, timestamp)) }
  }
  const connect = async (provider: string, user: string) => {
    const { started } = await social(provider, user)
    return post<AuthConnected>('/v1/auth/social/connect', {
      attemptId: started.attemptId,
      proof: await connectProof(started.attemptId),
    })
  }

  // A code to verify.
  const verifyAddress = 'fuzz-verify@example.test'
  const verifyAfter = after(verifyAddress)
  const codeAttempt = await post<EmailStartResponse>('/v1/auth/email/start', {
    email: verifyAddress,
    deviceKey,
  })
  const verifyCode = codeIn(await mail.next(verifyAddress, { after: verifyAfter }))

  // A device to approve: alice exists (her verified address came with a social login); a new device asks.
  await connect('google', 'alice')
  const alice = 'alice@example.test'
  const before = after(alice)
  const approval = await post<EmailStartResponse>('/v1/auth/email/start', {
    email: alice,
    deviceKey: (await newDevice()).publicKey,
  })
  if (approval.action !== 'VERIFY_DEVICE') throw new Error('fuzzFixtures: expected VERIFY_DEVICE')
  const token = new URL(
    /https?:\/\/\S+\/verify\?\S+/.exec((await mail.next(alice, { after: before })).text)![0],
  ).searchParams.get('token')!

  // A user without an address (X gives none): after logging in again with X, its updates mail the
  // new address directly.
  const x = await connect('x', 'bob')
  const bearer = { authorization: `Bearer ${x.tokens.accessToken}` }
  const updateProof = async () => {
    const timestamp = Date.now()
    const input = walletSigningInput('email-update', x.tokens.accessToken, timestamp)
    return { timestamp, signature: await device.sign(input) }
  }
  const updated = 'fuzz-update@example.test'
  const updateAfter = after(updated)
  const update = await post<EmailUpdateResponse>(
    '/v1/auth/email/update',
    {
      email: updated,
      proof: await updateProof(),
      reauthAttemptId: (await social('x', 'bob')).started.attemptId,
    },
    bearer,
  )
  const updateCode = codeIn(await mail.next(updated, { after: updateAfter }))
  const reauth = await social('x', 'bob')

  // A social login the popup completed, to connect; one returned, to complete; one whose callback is
  // still to come.
  const ready = await social('github', 'alice')
  const returned = await social('github', 'bob', 'returned')
  const pending = await social('google', 'bob', 'provider')

  // A Farcaster sign-in the app completed and the API verified (the poll asks the relay), to connect.
  const signedIn = await post<FarcasterStartResponse>('/v1/auth/farcaster/start', { deviceKey })
  await farcasterSignIn({ relayUrl: options.farcasterRelayUrl, channel: signedIn.channelUrl, user: 'alice' })
  const polled = await fetch(`${apiUrl}/v1/auth/attempts/${signedIn.attemptId}${q}`, { headers: { origin } })
  if ((((await polled.json()) as { status?: string }).status ?? '') !== 'ready')
    throw new Error('fuzzFixtures: the Farcaster sign-in did not verify')

  // A passkey ceremony the authenticator answered, for each finish: a new passkey, and a login with one.
  const authenticator = TestAuthenticator.create()
  const ceremony = { origin: options.frameOrigin }
  const registering = await post<PasskeyRegisterStartResponse>('/v1/auth/passkey/register/start', {
    deviceKey,
  })
  const registration = authenticator.create(registering.options, ceremony)
  const made = await post<PasskeyRegisterStartResponse>('/v1/auth/passkey/register/start', { deviceKey })
  const known = authenticator.create(made.options, ceremony)
  await post('/v1/auth/passkey/register/finish', {
    attemptId: made.attemptId,
    credential: known.credential,
    proof: await connectProof(made.attemptId),
  })
  const loggingIn = await post<PasskeyLoginStartResponse>('/v1/auth/passkey/login/start', { deviceKey })
  const assertion = authenticator.get(loggingIn.options, known.passkey, ceremony)

  const refreshing = await connect('discord', 'alice')
  const revoking = await connect('facebook', 'alice')

  // A user without a wallet yet (bob's discord identity): the create, and shares (exists either way).
  const wallet = await connect('discord', 'bob')
  const walletBearer = { authorization: `Bearer ${wallet.tokens.accessToken}` }
  const proof = async (purpose: WalletProofPurpose) => {
    const timestamp = Date.now()
    const input = walletSigningInput(purpose, wallet.tokens.accessToken, timestamp)
    return { timestamp, signature: await device.sign(input) }
  }

  // The second factor: a user of its own per call (a passkey registration makes a new user), so the
  // order the calls are sent in does not matter: one to ask, one to start, one with a pending secret
  // and its code, two with the factor on and a recovery code each.
  const passkeyUser = async () => {
    const started = await post<PasskeyRegisterStartResponse>('/v1/auth/passkey/register/start', { deviceKey })
    const made = authenticator.create(started.options, ceremony)
    const connected = await post<AuthConnected>('/v1/auth/passkey/register/finish', {
      attemptId: started.attemptId,
      credential: made.credential,
      proof: await connectProof(started.attemptId),
    })
    const token = connected.tokens.accessToken
    const totpProof = async (purpose: WalletProofPurpose) => {
      const timestamp = Date.now()
      return { timestamp, signature: await device.sign(walletSigningInput(purpose, token, timestamp)) }
    }
    const headers = { authorization: `Bearer ${token}` }
    const call = async <T>(path: string, purpose: WalletProofPurpose, body = {}) =>
      post<T>(`/v1/auth/totp/${path}`, { ...body, proof: await totpProof(purpose) }, headers)
    return { headers, totpProof, call, passkey: made.passkey }
  }
  /** The next step's code: the API takes one step either side, so it stays good for a minute or more. */
  const codeNow = (secret: string) =>
    new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
      timestamp: Date.now() + 30_000,
    })
  const enrolled = async () => {
    const u = await passkeyUser()
    const { secret } = await u.call<TotpStartResponse>('start', 'totp-start')
    const { recoveryCodes } = await u.call<TotpConfirmed>('confirm', 'totp-confirm', {
      code: codeNow(secret),
    })
    return { ...u, recoveryCode: recoveryCodes[0]! }
  }
  const totpStatus = await passkeyUser()
  const totpStart = await passkeyUser()
  const totpConfirm = await passkeyUser()
  const pendingSecret = (await totpConfirm.call<TotpStartResponse>('start', 'totp-start')).secret
  const totpVerify = await enrolled()
  const totpDisable = await enrolled()
  const totpThreshold = await enrolled()
  // A pass for a sensitive action: a user with a wallet and no factor (the pass needs no code then).
  const passing = await passkeyUser()
  await post(
    '/v1/auth/wallet/create',
    { ...exampleWallet, proof: await passing.totpProof('create') },
    passing.headers,
  )

  // A wallet a PRF passkey alone protects (no recovery password yet): adding one.
  const prfOnly = await passkeyUser()
  const { recoveryShare, ...withoutPassword } = exampleWallet
  await post(
    '/v1/auth/wallet/create',
    {
      ...withoutPassword,
      prfShare: {
        scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm',
        credentialId: prfOnly.passkey.id,
        salt: Buffer.alloc(32, 1).toString('base64url'),
        iv: recoveryShare.iv,
        ciphertext: recoveryShare.ciphertext,
      },
      proof: await prfOnly.totpProof('create'),
    },
    prfOnly.headers,
  )

  // The user's own passkeys, a passkey user per call: an add started for the finish, and a second
  // passkey added so that removing it leaves the first.
  const addStarted = async (u: Awaited<ReturnType<typeof passkeyUser>>) => {
    const started = await post<PasskeyRegisterStartResponse>(
      '/v1/auth/passkey/add/start',
      { proof: await u.totpProof('passkey-add') },
      u.headers,
    )
    return { started, made: authenticator.create(started.options, ceremony) }
  }
  const passkeyList = await passkeyUser()
  // A passkey challenge as a fresh factor: a passkey user has one to be challenged. Turning the passkey
  // factor on: an assertion over a 'login-method' challenge; off, for a user without it: nothing asked.
  const factorPasskey = await passkeyUser()
  const passkeyFactorOn = await passkeyUser()
  const onChallenge = await post<PasskeyLoginStartResponse>(
    '/v1/auth/factor/passkey',
    { action: 'login-method', proof: await passkeyFactorOn.totpProof('factor-passkey') },
    passkeyFactorOn.headers,
  )
  const onAssertion = authenticator.get(onChallenge.options, passkeyFactorOn.passkey, ceremony)
  const passkeyFactorOff = await passkeyUser()
  // The factor passed at the wallet's opening with a passkey: an 'open' challenge for a passkey user,
  // and one answered by a user with a factor on; the threshold set with either factor.
  const factorOpen = await passkeyUser()
  const factorVerify = await enrolled()
  const openChallenge = await post<PasskeyLoginStartResponse>(
    '/v1/auth/factor/passkey/open',
    { proof: await factorVerify.totpProof('factor-passkey') },
    factorVerify.headers,
  )
  const openAssertion = authenticator.get(openChallenge.options, factorVerify.passkey, ceremony)
  const factorThreshold = await enrolled()
  const passkeyAddStart = await passkeyUser()
  const passkeyAdding = await passkeyUser()
  const adding = await addStarted(passkeyAdding)
  const passkeyRemove = await passkeyUser()
  const second = await addStarted(passkeyRemove)
  await post(
    '/v1/auth/passkey/add/finish',
    {
      attemptId: second.started.attemptId,
      credential: second.made.credential,
      proof: await passkeyRemove.totpProof('passkey-add'),
    },
    passkeyRemove.headers,
  )

  return {
    parameters: {
      attemptId: codeAttempt.attemptId,
      provider: 'google',
      state: pending.callback.searchParams.get('state')!,
      code: pending.callback.searchParams.get('code')!,
      iss: pending.callback.searchParams.get('iss') ?? '',
      error: 'access_denied',
      error_description: 'The user cancelled',
    },
    bodies: {
      'post /v1/auth/email/start': { email: 'fuzz-start@example.test', deviceKey },
      'post /v1/auth/email/resend': { attemptId: codeAttempt.attemptId },
      'post /v1/auth/email/device/approve': { token },
      'post /v1/auth/email/verify': {
        attemptId: codeAttempt.attemptId,
        otp: verifyCode,
        proof: await connectProof(codeAttempt.attemptId),
      },
      'post /v1/auth/email/update': {
        email: 'fuzz-update-2@example.test',
        proof: await updateProof(),
        reauthAttemptId: reauth.started.attemptId,
      },
      'post /v1/auth/email/update/verify': { updateId: update.updateId, otp: updateCode },
      'post /v1/auth/social/start': { provider: 'google', deviceKey, bindingChallenge: 'A'.repeat(43) },
      'post /v1/auth/social/complete': {
        attemptId: returned.started.attemptId,
        completion: returned.completion,
        binding: returned.binding,
      },
      'post /v1/auth/social/connect': {
        attemptId: ready.started.attemptId,
        proof: await connectProof(ready.started.attemptId),
      },
      'post /v1/auth/farcaster/start': { deviceKey },
      'post /v1/auth/farcaster/connect': {
        attemptId: signedIn.attemptId,
        proof: await connectProof(signedIn.attemptId),
      },
      'post /v1/auth/passkey/register/start': { deviceKey },
      'post /v1/auth/passkey/register/finish': {
        attemptId: registering.attemptId,
        credential: registration.credential,
        proof: await connectProof(registering.attemptId),
      },
      'post /v1/auth/passkey/login/start': { deviceKey },
      'post /v1/auth/passkey/login/finish': {
        attemptId: loggingIn.attemptId,
        credential: assertion,
        proof: await connectProof(loggingIn.attemptId),
      },
      'post /v1/auth/session/refresh': await device.signRefresh(refreshing.tokens.refreshToken),
      'post /v1/auth/wallet/create': {
        ...exampleWallet,
        proof: await proof('create'),
      },
      'post /v1/auth/wallet/shares': { proof: await proof('shares') },
      'post /v1/auth/totp/status': { proof: await totpStatus.totpProof('totp-status') },
      'post /v1/auth/totp/start': { proof: await totpStart.totpProof('totp-start') },
      'post /v1/auth/totp/confirm': {
        code: codeNow(pendingSecret),
        proof: await totpConfirm.totpProof('totp-confirm'),
      },
      'post /v1/auth/totp/verify': {
        code: totpVerify.recoveryCode,
        proof: await totpVerify.totpProof('totp-verify'),
      },
      'post /v1/auth/totp/disable': {
        code: totpDisable.recoveryCode,
        proof: await totpDisable.totpProof('totp-disable'),
      },
      'post /v1/auth/passkey/list': { proof: await passkeyList.totpProof('passkey-list') },
      'post /v1/auth/passkey/add/start': { proof: await passkeyAddStart.totpProof('passkey-add') },
      'post /v1/auth/passkey/add/finish': {
        attemptId: adding.started.attemptId,
        credential: adding.made.credential,
        proof: await passkeyAdding.totpProof('passkey-add'),
      },
      'post /v1/auth/passkey/remove': {
        credentialId: second.made.passkey.id,
        proof: await passkeyRemove.totpProof('passkey-remove'),
      },
      'post /v1/auth/factor/pass': { action: 'export', proof: await passing.totpProof('factor-pass') },
      'post /v1/auth/factor/passkey': {
        action: 'export',
        proof: await factorPasskey.totpProof('factor-passkey'),
      },
      'post /v1/auth/factor/passkey/on': {
        passkey: { attemptId: onChallenge.attemptId, credential: onAssertion },
        proof: await passkeyFactorOn.totpProof('passkey-factor'),
      },
      'post /v1/auth/factor/passkey/off': { proof: await passkeyFactorOff.totpProof('passkey-factor') },
      'post /v1/auth/factor/passkey/open': { proof: await factorOpen.totpProof('factor-passkey') },
      'post /v1/auth/factor/passkey/verify': {
        passkey: { attemptId: openChallenge.attemptId, credential: openAssertion },
        proof: await factorVerify.totpProof('factor-verify'),
      },
      'post /v1/auth/factor/threshold': {
        sendThreshold: '1000000000000000000',
        code: factorThreshold.recoveryCode,
        proof: await factorThreshold.totpProof('factor-threshold'),
      },
      'post /v1/auth/wallet/recovery-password': {
        recoveryShare,
        proof: await prfOnly.totpProof('recovery-password'),
      },
      'post /v1/auth/totp/threshold': {
        sendThreshold: '1000000000000000000',
        code: totpThreshold.recoveryCode,
        proof: await totpThreshold.totpProof('totp-threshold'),
      },
    },
    headers: {
      'post /v1/auth/email/update': bearer,
      'post /v1/auth/email/update/verify': bearer,
      'get /v1/auth/me': bearer,
      'post /v1/auth/session/revoke': { authorization: `Bearer ${revoking.tokens.accessToken}` },
      'post /v1/auth/wallet/create': walletBearer,
      'post /v1/auth/wallet/shares': walletBearer,
      'post /v1/auth/totp/status': totpStatus.headers,
      'post /v1/auth/totp/start': totpStart.headers,
      'post /v1/auth/totp/confirm': totpConfirm.headers,
      'post /v1/auth/totp/verify': totpVerify.headers,
      'post /v1/auth/totp/disable': totpDisable.headers,
      'post /v1/auth/passkey/list': passkeyList.headers,
      'post /v1/auth/passkey/add/start': passkeyAddStart.headers,
      'post /v1/auth/passkey/add/finish': passkeyAdding.headers,
      'post /v1/auth/passkey/remove': passkeyRemove.headers,
      'post /v1/auth/factor/pass': passing.headers,
      'post /v1/auth/factor/passkey': factorPasskey.headers,
      'post /v1/auth/factor/passkey/on': passkeyFactorOn.headers,
      'post /v1/auth/factor/passkey/off': passkeyFactorOff.headers,
      'post /v1/auth/factor/passkey/open': factorOpen.headers,
      'post /v1/auth/factor/passkey/verify': factorVerify.headers,
      'post /v1/auth/factor/threshold': factorThreshold.headers,
      'post /v1/auth/totp/threshold': totpThreshold.headers,
      'post /v1/auth/wallet/recovery-password': prfOnly.headers,
    },
  }
}
