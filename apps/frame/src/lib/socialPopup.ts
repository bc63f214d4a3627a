// The social login popup's hand-over, shared by the frame that starts a login and the frame-origin
// pages the popup shows. The frame opens /auth/social in the click; that page says hello to its
// opener until the frame answers with the attempt and a binding secret, keeps them in sessionStorage
// and goes to the provider; /auth/callback reads them back and finishes the attempt at the API. The
// secrets travel by postMessage and tab storage, never in an address: a URL can be sent to someone
// else, and whoever opens it must not finish a login the frame of another browser started.
import { AuthId, ProjectId } from '@walletframe/protocol'
import * as z from 'zod/mini'

/** The frame-origin page the popup opens on. */
export const path = '/auth/social'
/** Where the popup page keeps the hand-over for /auth/callback (sessionStorage: this tab only). */
export const storageKey = 'wf:social-login'
/** The popup page to its opener: ready for the attempt. */
export const helloType = 'walletframe:social-hello'
/** The frame to its popup: the attempt, its binding secret, and where to sign in. */
export const beginType = 'walletframe:social-begin'

/** 32 random bytes, base64url (43 characters). */
const Secret = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))

/** What /auth/callback needs to finish the attempt at the API, as the popup page keeps it. */
export const Pending = z.object({
  attemptId: AuthId,
  binding: Secret,
  projectId: ProjectId,
  /** The SDK the host reported (`st`, `sv` on the API call), when it did. */
  sdk: z.optional(z.object({ type: z.string(), version: z.string() })),
})
export type Pending = z.infer<typeof Pending>

export const Begin = z.extend(Pending, {
  type: z.literal(beginType),
  /** The provider's sign-in page; only http(s), since the popup page navigates to it. */
  authorizationUrl: z.url({ protocol: /^https?$/ }),
})
export type Begin = z.infer<typeof Begin>

export const Hello = z.object({ type: z.literal(helloType) })

export function isHello(data: unknown): boolean {
  return Hello.safeParse(data).success
}

function encode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A new binding secret: 32 random bytes, base64url. */
export function newBinding(): string {
  return encode(crypto.getRandomValues(new Uint8Array(32)))
}

/** What the API is told at start: SHA-256 of the binding's UTF-8 bytes, base64url. */
export async function challengeOf(binding: string): Promise<string> {
  return encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(binding))))
}
