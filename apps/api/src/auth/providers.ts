// What differs between the social providers: OpenID Connect (google, apple: discovery, an ID token,
// a nonce; Apple returns by form_post) or OAuth 2 with a user endpoint of its own shape (github, discord,
// x, facebook), the scopes, the client authentication, the real endpoints, and where each says
// whether the address is verified. Only a verified address is ever linked.
import type { FrameSocialProvider } from '@walletframe/protocol'

export type Identity = {
  subject: string
  email?: string | undefined
  emailVerified: boolean
  userName?: string | undefined
}

type Endpoints = {
  authorizationEndpoint: string
  tokenEndpoint: string
  userinfoEndpoint: string
  emailsEndpoint?: string
}

export type Profile =
  | {
      kind: 'oidc'
      issuer: string
      scope: string
      clientAuth: 'post' | 'basic'
      responseMode?: 'form_post'
      /** The ID token's claims -> identity. */
      identity(claims: Record<string, unknown>): Identity
    }
  | {
      kind: 'oauth2'
      endpoints: Endpoints
      scope: string
      clientAuth: 'post' | 'basic'
      /** The user endpoint's JSON (and GitHub's /user/emails) -> identity. */
      identity(user: unknown, emails?: unknown): Identity
    }

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined

/** OIDC: `email_verified` is a boolean (Google) or the string "true" (Apple). */
function oidcIdentity(claims: Record<string, unknown>): Identity {
  return {
    subject: str(claims.sub)!,
    email: str(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    userName: str(claims.name),
  }
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

export const profiles: Record<FrameSocialProvider, Profile> = {
  google: {
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    clientAuth: 'post',
    identity: oidcIdentity,
  },
  apple: {
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    clientAuth: 'post',
    // Apple requires form_post whenever name or email is asked for.
    responseMode: 'form_post',
    identity: oidcIdentity,
  },
  github: {
    kind: 'oauth2',
    endpoints: {
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      userinfoEndpoint: 'https://api.github.com/user',
      emailsEndpoint: 'https://api.github.com/user/emails',
    },
    scope: 'read:user user:email',
    clientAuth: 'post',
    // /user's `email` is the public profile address, unverified; /user/emails carries the flag.
    identity(user, emails) {
      const u = record(user)
      const primary = (Array.isArray(emails) ? emails : []).map(record).find((e) => e.primary === true)
      return {
        subject: str(u.id)!,
        email: str(primary?.email) ?? str(u.email),
        emailVerified: primary?.verified === true,
        userName: str(u.login),
      }
    },
  },
  discord: {
    kind: 'oauth2',
    endpoints: {
      authorizationEndpoint: 'https://discord.com/oauth2/authorize',
      tokenEndpoint: 'https://discord.com/api/oauth2/token',
      userinfoEndpoint: 'https://discord.com/api/users/@me',
    },
    scope: 'identify email',
    clientAuth: 'basic',
    identity(user) {
      const u = record(user)
      return {
        subject: str(u.id)!,
        email: str(u.email),
        emailVerified: u.verified === true,
        userName: str(u.username),
      }
    },
  },
  x: {
    kind: 'oauth2',
    endpoints: {
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      userinfoEndpoint: 'https://api.x.com/2/users/me',
    },
    scope: 'users.read tweet.read',
    clientAuth: 'basic',
    // X gives no address with these scopes.
    identity(user) {
      const data = record(record(user).data)
      return { subject: str(data.id)!, emailVerified: false, userName: str(data.username) }
    },
  },
  facebook: {
    kind: 'oauth2',
    endpoints: {
      authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    },
    scope: 'email public_profile',
    clientAuth: 'post',
    // The Graph API says nothing about verification, so its address is shown, never linked.
    identity(user) {
      const u = record(user)
      return { subject: str(u.id)!, email: str(u.email), emailVerified: false, userName: str(u.name) }
    },
  },
}
