// Chromium's virtual authenticator (the DevTools WebAuthn domain) for a page: what the passkey specs
// make passkeys with, as a platform authenticator with user verification would.
import type { BrowserContext, CDPSession, Page } from '@playwright/test'

export type Credential = {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  privateKey: string
  userHandle?: string
  signCount: number
}

/** What a spec does with its authenticator. */
export type VirtualAuthenticator = {
  /** The next passkey this authenticator makes (the window closes as soon as it has one). */
  added(): Promise<Credential>
  credentials(): Promise<Credential[]>
  add(credential: Credential): Promise<unknown>
  /** Takes the authenticator away (the user's other device is not at hand). */
  remove(): Promise<unknown>
}

/**
 * A platform authenticator with user verification for `page`. It is the page target's: the frame, an
 * out-of-process iframe of another site, uses its page's authenticator (virtual authenticators hold
 * for a frame tree, iframes included), so no session on the frame's own target is needed.
 */
export async function authenticator(
  context: BrowserContext,
  page: Page,
  options: { hasPrf?: boolean } = {},
): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      // The WebAuthn PRF extension (CTAP2 hmac-secret): off unless asked, as on many security keys.
      hasPrf: options.hasPrf ?? false,
    },
  })
  return {
    /** The next passkey this authenticator makes (the window closes as soon as it has one). */
    added: () =>
      new Promise<Credential>((resolve) =>
        cdp.once('WebAuthn.credentialAdded', (event) =>
          resolve((event as { credential: Credential }).credential),
        ),
      ),
    credentials: async () =>
      ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: Credential[] })
        .credentials,
    add: (credential: Credential) => cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
    /** Takes the authenticator away (the user's other device is not at hand). */
    remove: () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }),
  }
}
