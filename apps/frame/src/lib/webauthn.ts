// The browser's WebAuthn ceremony with the API's JSON options: navigator.credentials.create / get, and
// the credential back as the JSON the API verifies. The JSON helpers of WebAuthn Level 3
// (parseCreationOptionsFromJSON, toJSON) are missing from browsers before 2025 (Safari < 18.4,
// Firefox < 119 for toJSON), so the few buffers are converted here.
import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyRequestOptions,
} from '@walletframe/protocol'
import { UserRejectedRequestError } from '@walletframe/protocol'
import { FrameError } from './errors.js'

export class PasskeyUnavailableError extends FrameError {
  override name = 'PasskeyUnavailableError'
  constructor(message = 'This browser cannot use passkeys here; try another login') {
    super('PASSKEY_UNAVAILABLE', message)
  }
}

/** The ceremonies a login runs: in the frame, or in a window on the frame origin. */
export type Ceremony = {
  create(options: PasskeyCreationOptions): Promise<PasskeyRegistration>
  get(options: PasskeyRequestOptions): Promise<PasskeyAssertion>
}

const toBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const toText = (buffer: ArrayBuffer | ArrayBufferView): string => {
  const bytes =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const descriptor = (credential: { id: string; transports?: string[] | undefined }) => ({
  id: toBytes(credential.id),
  type: 'public-key' as const,
  ...(credential.transports ? { transports: credential.transports as AuthenticatorTransport[] } : {}),
})

/**
 * What the browser's refusal means for the user: NotAllowedError is a cancel or a timeout (the browser
 * does not tell them apart, on purpose); SecurityError a frame the page does not let use passkeys.
 */
function failed(error: unknown): Error {
  const name = (error as { name?: string } | undefined)?.name
  if (name === 'NotAllowedError') return new UserRejectedRequestError()
  if (name === 'SecurityError' || name === 'NotSupportedError') return new PasskeyUnavailableError()
  return error instanceof Error ? error : new Error(String(error))
}

function container(): CredentialsContainer {
  if (typeof PublicKeyCredential === 'undefined' || !navigator.credentials)
    throw new PasskeyUnavailableError()
  return navigator.credentials
}

/** navigator.credentials.create in this document. */
export async function create(options: PasskeyCreationOptions): Promise<PasskeyRegistration> {
  const publicKey: PublicKeyCredentialCreationOptions = {
    challenge: toBytes(options.challenge),
    rp: { name: options.rp.name, ...(options.rp.id ? { id: options.rp.id } : {}) },
    user: { ...options.user, id: toBytes(options.user.id) },
    pubKeyCredParams: options.pubKeyCredParams,
    ...(options.timeout ? { timeout: options.timeout } : {}),
    excludeCredentials: (options.excludeCredentials ?? []).map(descriptor),
    // zod's optional members read `?: T | undefined`; parsing never sets one to undefined.
    ...(options.authenticatorSelection
      ? { authenticatorSelection: options.authenticatorSelection as AuthenticatorSelectionCriteria }
      : {}),
    attestation: options.attestation ?? 'none',
    ...(options.extensions ? { extensions: options.extensions as AuthenticationExtensionsClientInputs } : {}),
  }
  const credential = await run((credentials) => credentials.create({ publicKey }))
  const response = credential.response as AuthenticatorAttestationResponse
  const transports = response.getTransports?.() ?? []
  return {
    ...described(credential),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      attestationObject: toText(response.attestationObject),
      transports,
    },
  }
}

/** navigator.credentials.get in this document: any passkey of the site (discoverable). */
export async function get(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
  const publicKey: PublicKeyCredentialRequestOptions = {
    challenge: toBytes(options.challenge),
    ...(options.rpId ? { rpId: options.rpId } : {}),
    ...(options.timeout ? { timeout: options.timeout } : {}),
    allowCredentials: (options.allowCredentials ?? []).map(descriptor),
    userVerification: options.userVerification ?? 'required',
  }
  const credential = await run((credentials) => credentials.get({ publicKey }))
  const response = credential.response as AuthenticatorAssertionResponse
  return {
    ...described(credential),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      authenticatorData: toText(response.authenticatorData),
      signature: toText(response.signature),
      ...(response.userHandle ? { userHandle: toText(response.userHandle) } : {}),
    },
  }
}

/** The browser's ceremony, its refusals as the login's errors. */
async function run(
  ceremony: (credentials: CredentialsContainer) => Promise<Credential | null>,
): Promise<PublicKeyCredential> {
  let credential: Credential | null
  try {
    credential = await ceremony(container())
  } catch (error) {
    throw failed(error)
  }
  if (!credential) throw new PasskeyUnavailableError()
  return credential as PublicKeyCredential
}

/** What both answers say of the credential besides its response. */
function described(
  credential: PublicKeyCredential,
): Pick<PasskeyAssertion, 'id' | 'rawId' | 'type' | 'authenticatorAttachment'> {
  const attachment = credential.authenticatorAttachment
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: 'public-key' as const,
    ...(attachment === 'platform' || attachment === 'cross-platform'
      ? { authenticatorAttachment: attachment }
      : {}),
  }
}

/** Both ceremonies in this document (the frame, or the window on its origin). */
export const here: Ceremony = { create, get }
