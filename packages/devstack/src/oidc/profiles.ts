// One profile per OAuth social login the product offers (Farcaster signs in through its relay): where
// its endpoints sit under the stand-in (shaped like the real paths), whether it is OpenID Connect, how
// it returns (Apple: form_post), and what its user endpoint answers, field for field as the real API
// names them.
import type { FixtureUser } from './users.js'

export const providerNames = ['google', 'apple', 'github', 'discord', 'x', 'facebook'] as const
export type ProviderName = (typeof providerNames)[number]

export type Profile = {
  oidc: boolean
  authorize: string
  token: string
  /** OAuth 2 user endpoint (and OIDC userinfo for Google). */
  user?: string
  /** GitHub's /user/emails. */
  emails?: string
  jwks?: string
  formPost?: boolean
  /** GitHub answers `token_type: "bearer"` in lowercase. */
  tokenType: string
  /** The user endpoint's JSON for a fixture user. */
  userJson?(user: FixtureUser): unknown
  /** The address list (GitHub /user/emails). */
  emailsJson?(user: FixtureUser): unknown
  /** ID token claims beyond iss, aud, sub, iat, exp, nonce. */
  idTokenClaims?(user: FixtureUser): Record<string, unknown>
}

export const profiles: Record<ProviderName, Profile> = {
  google: {
    oidc: true,
    authorize: '/google/o/oauth2/v2/auth',
    token: '/google/token',
    user: '/google/v1/userinfo',
    jwks: '/google/oauth2/v3/certs',
    tokenType: 'Bearer',
    idTokenClaims: (u) => ({ email: u.email, email_verified: u.emailVerified, name: u.name }),
    userJson: (u) => ({
      sub: u.subjects.google,
      email: u.email,
      email_verified: u.emailVerified,
      name: u.name,
    }),
  },
  apple: {
    oidc: true,
    authorize: '/apple/auth/authorize',
    token: '/apple/auth/token',
    jwks: '/apple/auth/keys',
    formPost: true,
    tokenType: 'Bearer',
    // Apple writes the flag as a string.
    idTokenClaims: (u) => ({ email: u.email, email_verified: u.emailVerified ? 'true' : 'false' }),
  },
  github: {
    oidc: false,
    authorize: '/github/login/oauth/authorize',
    token: '/github/login/oauth/access_token',
    user: '/github/api/user',
    emails: '/github/api/user/emails',
    tokenType: 'bearer',
    userJson: (u) => ({ id: Number(u.subjects.github), login: u.handle, name: u.name, email: u.email }),
    emailsJson: (u) => [{ email: u.email, primary: true, verified: u.emailVerified, visibility: 'public' }],
  },
  discord: {
    oidc: false,
    authorize: '/discord/oauth2/authorize',
    token: '/discord/api/oauth2/token',
    user: '/discord/api/users/@me',
    tokenType: 'Bearer',
    userJson: (u) => ({
      id: u.subjects.discord,
      username: u.handle,
      global_name: u.name,
      email: u.email,
      verified: u.emailVerified,
    }),
  },
  x: {
    oidc: false,
    authorize: '/x/i/oauth2/authorize',
    token: '/x/2/oauth2/token',
    user: '/x/2/users/me',
    tokenType: 'bearer',
    userJson: (u) => ({ data: { id: u.subjects.x, name: u.name, username: u.handle } }),
  },
  facebook: {
    oidc: false,
    authorize: '/facebook/v19.0/dialog/oauth',
    token: '/facebook/v19.0/oauth/access_token',
    user: '/facebook/me',
    tokenType: 'bearer',
    userJson: (u) => ({ id: u.subjects.facebook, name: u.name, email: u.email }),
  },
}
