// Test support for the login: the API on a migrated PGlite with the mail catcher and the OAuth stand-in
// of the devstack (both real servers on 127.0.0.1), a device key as the frame makes one, and the
// mails' codes and links read back from the catcher.
import { createHash, randomBytes, webcrypto } from 'node:crypto'
import { type CaughtMail, startMailCatcher } from '@walletframe/devstack'
import {
  type AuthConnected,
  connectSigningInput,
  type DevicePublicKey,
  type EmailStartResponse,
  type FrameSocialProvider,
  refreshSigningInput,
  type SocialProviderSettings,
  type SocialStartResponse,
  type WalletProofPurpose,
  walletSigningInput,
} from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import type * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import * as TokenBucket from '../internal/TokenBucket.js'
import { quickestBackend } from '../internal/testing.js'

export const frameOrigin = 'https://frame.test'
/** Where the API says it lives (the OAuth redirect_uri, loopback as the stand-in requires); requests reach it through app.request(). */
export const apiOrigin = 'http://127.0.0.1:1'
export const authSecret = 'test-auth-secret-0123456789abcdef0123456789'
/** A limit a test's many calls from its one address never reach, for limits other than the one under test. */
export const roomyLimit = { capacity: 1_000, refillPerSecond: 100 }

export type Device = {
  publicKey: DevicePublicKey
  /** Signs a refresh as the frame will: ECDSA P-256 / SHA-256, r || s, base64url. */
  signRefresh(
    refreshToken: string,
    timestamp?: number,
  ): Promise<{ refreshToken: string; timestamp: number; signature: string }>
  /** Signs any UTF-8 input with the device key (r || s, base64url): the wallet calls' proofs. */
  sign(input: string): Promise<string>
  /** The proof over a call with the session's access token (a wallet call, an email update). */
  callProof(
    purpose: WalletProofPurpose,
    accessToken: string,
    timestamp?: number,
  ): Promise<{ timestamp: number; signature: string }>
  /** The proof that finishes a login this device started (a fresh one each call: proofs work once). */
  connectProof(attemptId: string, timestamp?: number): Promise<{ timestamp: number; signature: string }>
}

/** A device key as the frame holds it: the private half non-extractable. */
export async function newDevice(): Promise<Device> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  const jwk = await webcrypto.subtle.exportKey('jwk', pair.publicKey)
  const sign = async (input: string) => {
    const signature = await webcrypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.privateKey,
      new TextEncoder().encode(input),
    )
    return Buffer.from(signature).toString('base64url')
  }
  return {
    publicKey: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! },
    async signRefresh(refreshToken, timestamp = Date.now()) {
      const signature = await webcrypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        pair.privateKey,
        new TextEncoder().encode(refreshSigningInput(refreshToken, timestamp)),
      )
      return { refreshToken, timestamp, signature: Buffer.from(signature).toString('base64url') }
    },
    sign,
    async callProof(purpose, accessToken, timestamp = Date.now()) {
      return { timestamp, signature: await sign(walletSigningInput(purpose, accessToken, timestamp)) }
    },
    async connectProof(attemptId, timestamp = Date.now()) {
      return { timestamp, signature: await sign(connectSigningInput(attemptId, timestamp)) }
    },
  }
}

/**
 * A wallet's shares as the frame would store them (the create body without its proof): the auth share
 * and recovery ciphertext are arbitrary bytes of the right form, since the API never opens either.
 */
export const exampleWallet = {
  addresses: {
    eip155: '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1',
    solana: 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW',
  },
  authShare: 'AQIDBAUGBwgJCgsMDQ4PEBE',
  recoveryShare: {
    scheme: 'pbkdf2-sha256/aes-256-gcm',
    iterations: 600_000,
    salt: 'c2FsdHNhbHRzYWx0c2FsdA',
    iv: 'aXZpdml2aXZpdml2',
    ciphertext: 'Y2lwaGVydGV4dGNpcGhlcnRleHRjaXBoZXJ0ZXh0',
  },
} as const

export type AuthHarness = {
  api: ReturnType<typeof createApi>
  database: Database.Database
  mail: Awaited<ReturnType<typeof startMailCatcher>>
  logs: string[]
  /** POSTs JSON to the API as the frame does (Origin: the frame). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  get(path: string, headers?: Record<string, string>): Promise<Response>
  /** The code in the next mail to `to` after mail id `after`. */
  nextCode(to: string, after?: number): Promise<{ code: string; mail: CaughtMail }>
  /** Logs in with a mailed code, as a new address and device unless given, to project `app`. */
  login(email?: string, device?: Device): Promise<{ email: string; device: Device; connected: AuthConnected }>
  /**
   * Starts a social login as the frame does: a device key and a popup binding secret (its SHA-256
   * goes with the start; the popup keeps the secret).
   */
  socialStart(
    provider: FrameSocialProvider,
    device?: Device,
  ): Promise<{ device: Device; binding: string; started: SocialStartResponse; response: Response }>
  /**
   * Acts the popup at the provider: the authorize page, a choice of `user` ('' cancels), and the way
   * back to the API's callback (Apple by a self-posting form). Answers the API's redirect.
   */
  socialPopup(authorizationUrl: string, user: string): Promise<Response>
  /** The popup's last step: the completion secret from the redirect and the binding secret. */
  socialComplete(attemptId: string, back: Response, binding: string): Promise<Response>
  /** A whole social login (start, popup, complete, CONNECT) as `user` at the provider. */
  socialLogin(
    provider: FrameSocialProvider,
    user: string,
    device?: Device,
  ): Promise<{ device: Device; attemptId: string; connected: AuthConnected }>
  /** Moves the limit store's clock (only it) past the 30 s email cooldown. */
  passCooldown(): void
  stop(): Promise<void>
}

export async function startAuthHarness(
  options: {
    social?: Partial<Record<FrameSocialProvider, SocialProviderSettings>>
    /** Sign In With Farcaster's relay and IdRegistry chain (the devstack's farcasterService). */
    farcaster?: { relayUrl: string; rpcUrl: string }
    /** Seconds between two codes to one address (30 unless set). */
    emailCooldownSeconds?: number
    /** Any other login setting (limits). */
    auth?: Record<string, unknown>
  } = {},
): Promise<AuthHarness> {
  const mail = await startMailCatcher()
  // The test server when it answers (a fresh schema is ready in a second or two), else PGlite, whose
  // start takes several seconds and far more on a busy machine. loginLimits.test.ts runs on both.
  const { database, close } = await (await quickestBackend('auth')).open()
  await database.migrate()
  await Projects.upsert(database.db, { id: 'app', name: 'App', allowedOrigins: [] })
  const logs: string[] = []
  let skewMs = 0
  const api = createApi({
    limitStore: TokenBucket.create({ now: () => Date.now() + skewMs }),
    config: Config.parse({
      version: 1,
      networks: [evmNetwork(1, 'Ethereum')],
      options: {
        frameOrigins: [frameOrigin],
        publicUrl: apiOrigin,
        auth: {
          secret: authSecret,
          email: { smtpUrl: mail.smtpUrl, ignoreTLS: true },
          ...(options.social ? { social: options.social } : {}),
          ...(options.farcaster ? { farcaster: options.farcaster } : {}),
          ...(options.emailCooldownSeconds ? { emailCooldownSeconds: options.emailCooldownSeconds } : {}),
          // One harness serves many logins from one address: the per-IP start limit is tested on its own.
          emailStartsPerIp: roomyLimit,
          ...options.auth,
        },
      },
    }),
    db: database.db,
    log: (line) => logs.push(line),
  })
  const headers = { origin: frameOrigin, 'content-type': 'application/json' }
  let logins = 0
  const harness: AuthHarness = {
    api,
    database,
    mail,
    logs,
    post: (path, body, extra = {}) =>
      Promise.resolve(
        api.request(path, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) }),
      ),
    get: (path, extra = {}) =>
      Promise.resolve(api.request(path, { headers: { origin: frameOrigin, ...extra } })),
    async nextCode(to, after = 0) {
      const next = await mail.next(to, { after })
      const code = /\b(\d{6})\b/.exec(next.text)?.[1]
      if (!code) throw new Error(`No code in the mail "${next.subject}"`)
      return { code, mail: next }
    },
    async login(email = `user${++logins}-${Date.now()}@example.test`, device?: Device) {
      device ??= await newDevice()
      const after = mail.mailsTo(email).at(-1)?.id ?? 0
      const started = (await (
        await harness.post('/v1/auth/email/start?projectId=app', { email, deviceKey: device.publicKey })
      ).json()) as EmailStartResponse
      if (started.action !== 'VERIFY_OTP') throw new Error(`Login of ${email} asked for ${started.action}`)
      const { code } = await harness.nextCode(email, after)
      const connected = (await (
        await harness.post('/v1/auth/email/verify?projectId=app', {
          attemptId: started.attemptId,
          otp: code,
          proof: await device.connectProof(started.attemptId),
        })
      ).json()) as AuthConnected
      return { email, device, connected }
    },
    async socialStart(provider, device) {
      device ??= await newDevice()
      const binding = randomBytes(32).toString('base64url')
      const bindingChallenge = createHash('sha256').update(binding).digest('base64url')
      const response = await harness.post('/v1/auth/social/start?projectId=app', {
        provider,
        deviceKey: device.publicKey,
        bindingChallenge,
      })
      const started = response.ok ? ((await response.clone().json()) as SocialStartResponse) : undefined
      return { device, binding, started: started!, response }
    },
    async socialPopup(authorizationUrl, user) {
      const page = await fetch(authorizationUrl)
      if (page.status !== 200) throw new Error(`The authorize page answered ${page.status}`)
      const form = new URLSearchParams(new URL(authorizationUrl).searchParams)
      form.set('user', user)
      const decided = await fetch(authorizationUrl.split('?')[0]!, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      })
      if (decided.status === 302) return api.request(decided.headers.get('location')!)
      // form_post: the page posts the code and state to the callback itself.
      const html = await decided.text()
      const action = /action="([^"]+)"/.exec(html)![1]!
      const fields = new URLSearchParams(
        [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
      )
      return api.request(action.replace(/&#38;/g, '&'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      })
    },
    socialComplete(attemptId, back, binding) {
      const completion = new URL(back.headers.get('location')!).searchParams.get('completion') ?? ''
      return harness.post('/v1/auth/social/complete?projectId=app', { attemptId, completion, binding })
    },
    async socialLogin(provider, user, device) {
      const begun = await harness.socialStart(provider, device)
      const { attemptId } = begun.started
      const back = await harness.socialPopup(begun.started.authorizationUrl, user)
      const completed = await harness.socialComplete(attemptId, back, begun.binding)
      if (!completed.ok) throw new Error(`complete answered ${completed.status}: ${await completed.text()}`)
      const response = await harness.post('/v1/auth/social/connect?projectId=app', {
        attemptId,
        proof: await begun.device.connectProof(attemptId),
      })
      if (!response.ok) throw new Error(`connect answered ${response.status}: ${await response.text()}`)
      return { device: begun.device, attemptId, connected: (await response.json()) as AuthConnected }
    },
    passCooldown() {
      skewMs += 31_000
    },
    async stop() {
      await mail.stop()
      await close()
    },
  }
  return harness
}
