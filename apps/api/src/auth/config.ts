// The embedded wallet's login settings, under `options.auth` of the API config: the secret codes and
// tokens are keyed from, the mail server, and the social providers' clients (ids, secrets, and where
// they live: an issuer for OpenID Connect discovery, else the OAuth 2 endpoints, real ones by default).
import { SocialProviderSettings } from '@walletframe/protocol'
import { z } from 'zod'

const Rule = z.object({
  capacity: z.number().int().positive(),
  refillPerSecond: z.number().positive(),
})

export const AuthOptions = z.object({
  /**
   * Keys the code HMACs and the access-token signatures (HKDF derives one key per use). At least 32
   * characters; every API process must have the same. $WALLETFRAME_AUTH_SECRET when absent; without
   * either, login is off (AUTH_NOT_CONFIGURED).
   */
  secret: z.string().min(32).optional(),
  /** Access tokens live this long (short: a refresh with the device key renews them). */
  accessTokenTtlSeconds: z.number().int().min(30).max(3_600).default(600),
  /** A session ends this long after login, however often it is refreshed. */
  sessionTtlSeconds: z
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 3_600),
  email: z
    .object({
      /** smtp://host:port (smtps:// for implicit TLS); user and password in the URL when the server wants them. */
      smtpUrl: z.string().regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL'),
      from: z.string().min(3).default('Walletframe <no-reply@walletframe.local>'),
      /** Do not upgrade with STARTTLS (a local catcher has no certificate). */
      ignoreTLS: z.boolean().default(false),
    })
    .optional(),
  /**
   * One code per address per 30 s. A deployment keeps the default; a test stack may shorten
   * it where the wait is not what a test is about.
   */
  emailCooldownSeconds: z.number().int().min(1).max(3600).default(30),
  /**
   * Codes tried against one address, counted across its attempts, resends and starts (a login's and an
   * update's alike), whoever asks: a burst for typos, then one an hour. Six digits leave an attacker
   * about 24 guesses a day at most. The price is that someone who burns them locks the address out of
   * code logins for that long; devices with a session carry on.
   */
  codeTriesPerAddress: Rule.default({ capacity: 10, refillPerSecond: 1 / 3_600 }),
  /** Email logins started or resent per client IP (each sends a mail): a burst, then one a minute. */
  emailStartsPerIp: Rule.default({ capacity: 10, refillPerSecond: 1 / 60 }),
  /** Social logins started per client IP. */
  socialStartsPerIp: Rule.default({ capacity: 30, refillPerSecond: 1 / 10 }),
  /**
   * Calls to /v1/auth/wallet/* per client IP (a login makes one or two; each new host site one more):
   * sheds guessing at access tokens and device proofs before any of them is checked.
   */
  walletCallsPerIp: Rule.default({ capacity: 60, refillPerSecond: 1 / 5 }),
  /**
   * Passkeys: the relying party the frame's passkeys are made for. `rpId` is the frame's site (its
   * registrable domain, so a frame moved to another host name under it keeps its passkeys); the host
   * name of the frame origin a ceremony runs on when absent.
   */
  passkey: z
    .object({
      rpId: z.string().min(1).max(253).optional(),
      /** What the browser's passkey dialog names the site. */
      rpName: z.string().min(1).max(64).default('Walletframe'),
    })
    .default({ rpName: 'Walletframe' }),
  /** Passkey logins and registrations started or finished per client IP. */
  passkeyCallsPerIp: Rule.default({ capacity: 30, refillPerSecond: 1 / 10 }),
  /**
   * Passkey challenges for a fresh factor per user, whichever address asks: each is one touch of the
   * user's authenticator, so a burst for retries, then one every 30 s.
   */
  factorPasskeyPerUser: Rule.default({ capacity: 10, refillPerSecond: 1 / 30 }),
  /**
   * Sign In With Farcaster (off without it: AUTH_NOT_CONFIGURED): the auth relay whose channel API the
   * login opens a channel on, and an RPC URL of the chain holding Farcaster's IdRegistry (OP Mainnet),
   * where the signer's custody of the fid is checked.
   */
  farcaster: z
    .object({
      relayUrl: z.url().default('https://relay.farcaster.xyz'),
      rpcUrl: z.url(),
    })
    .optional(),
  /** Provider clients by name; a provider not listed is not offered (AUTH_NOT_CONFIGURED). */
  social: z
    .partialRecord(z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']), SocialProviderSettings)
    .default({}),
})
export type AuthOptions = z.infer<typeof AuthOptions>
