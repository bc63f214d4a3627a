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

/**
 * The input every ceremony asks the passkey's PRF (the `prf` extension) to evaluate. One fixed value
 * serves: the output is the credential's own secret HMAC of it, different for every passkey and
 * unknowable without it. It opens the passkey's copy of the recovery share (worker/prfCipher.ts).
 */
export const prfInput: Uint8Array<ArrayBuffer> = new TextEncoder().encode('walletframe recovery share v1')

/**
 * What the passkey said of PRF: whether it has it, and its output when it evaluated one. The output
 * stays in the frame origin (this page, then the Worker); it is never part of the credential sent to
 * the API.
 */
export type Prf = { enabled: boolean; output?: Uint8Array<ArrayBuffer> }

/** A new passkey: the credential for the API, and its PRF apart from it. */
export type Created = { credential: PasskeyRegistration; prf: Prf }
/** An assertion: the credential for the API, and the passkey's PRF output apart from it. */
export type Asserted = { credential: PasskeyAssertion; prf: Prf }

/** The authenticator holds one of the account's passkeys already (the options excluded it). */
export class PasskeyExistsError extends FrameError {
  override name = 'PasskeyExistsError'
  constructor() {
    super('PASSKEY_EXISTS', 'This device already holds a passkey for your account; add one on another device')
  }
}

/** The passkey touched has no PRF (or did not evaluate it): it cannot open the wallet's recovery share. */
export class PasskeyPrfMissingError extends FrameError {
  override name = 'PasskeyPrfMissingError'
  constructor() {
    super(
      'PASSKEY_PRF_MISSING',
      'This passkey cannot open your wallet by itself (it has no PRF); use the passkey you created the wallet with',
    )
  }
}

/** The ceremonies a login runs: in the frame, or in a window on the frame origin. */
export type Ceremony = {
  create(options: PasskeyCreationOptions): Promise<Created>
  get(options: PasskeyRequestOptions): Promise<Asserted>
}

/** The browser's PRF answer; a browser without the extension answers nothing, which reads as none. */
function prfOf(credential: PublicKeyCredential): Prf {
  const prf = (
    credential.getClientExtensionResults() as {
      prf?: { enabled?: boolean; results?: { first?: BufferSource } }
    }
  ).prf
  const first = prf?.results?.first
  const output =
    first === undefined
      ? undefined
      : first instanceof ArrayBuffer
        ? new Uint8Array(first.slice(0))
        : new Uint8Array(first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength))
  return {
    enabled: prf?.enabled === true || output !== undefined,
    ...(output ? { output: output as Uint8Array<ArrayBuffer> } : {}),
  }
}

/** The extension input: evaluate `prfInput` (at creation too, where the authenticator can). */
const prfExtension = { prf: { eval: { first: prfInput } } }

/** base64url (no padding) to bytes, as the API's JSON carries a credential's buffers. */
export const toBytes = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** Bytes to base64url (no padding). */
export const toText = (buffer: ArrayBuffer | ArrayBufferView): string => {
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
  // create's answer for an authenticator holding an excluded credential.
  if (name === 'InvalidStateError') return new PasskeyExistsError()
  if (name === 'SecurityError' || name === 'NotSupportedError') return new PasskeyUnavailableError()
  return error instanceof Error ? error : new Error(String(error))
}

function container(): CredentialsContainer {
  if (typeof PublicKeyCredential === 'undefined' || !navigator.credentials)
    throw new PasskeyUnavailableError()
  return navigator.credentials
}

/** navigator.credentials.create in this document, with the passkey's PRF asked for. */
export async function create(options: PasskeyCreationOptions): Promise<Created> {
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
    extensions: { ...options.extensions, ...prfExtension } as AuthenticationExtensionsClientInputs,
  }
  const credential = await run((credentials) => credentials.create({ publicKey }))
  const response = credential.response as AuthenticatorAttestationResponse
  const transports = response.getTransports?.() ?? []
  return {
    credential: {
      ...described(credential),
      response: {
        clientDataJSON: toText(response.clientDataJSON),
        attestationObject: toText(response.attestationObject),
        transports,
      },
    },
    prf: prfOf(credential),
  }
}

/**
 * navigator.credentials.get in this document for the API's `options` (its challenge; any passkey of
 * the site when they allow none), with the passkey's PRF output asked for. Any ceremony that needs
 * a passkey's assertion over a challenge of the API runs it.
 */
export async function get(options: PasskeyRequestOptions): Promise<Asserted> {
  const publicKey: PublicKeyCredentialRequestOptions = {
    challenge: toBytes(options.challenge),
    ...(options.rpId ? { rpId: options.rpId } : {}),
    ...(options.timeout ? { timeout: options.timeout } : {}),
    allowCredentials: (options.allowCredentials ?? []).map(descriptor),
    userVerification: options.userVerification ?? 'required',
    extensions: prfExtension as AuthenticationExtensionsClientInputs,
  }
  const credential = await run((credentials) => credentials.get({ publicKey }))
  const response = credential.response as AuthenticatorAssertionResponse
  return {
    credential: {
      ...described(credential),
      response: {
        clientDataJSON: toText(response.clientDataJSON),
        authenticatorData: toText(response.authenticatorData),
        signature: toText(response.signature),
        ...(response.userHandle ? { userHandle: toText(response.userHandle) } : {}),
      },
    },
    prf: prfOf(credential),
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
