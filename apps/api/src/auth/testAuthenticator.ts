// Test support: a software passkey authenticator (ES256, "none" attestation, user verified) that
// answers the API's options as a browser's navigator.credentials would, as JSON (toJSON()). Every
// field a test may want to falsify (origin, challenge, top origin, counter, user handle) is an option.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyRequestOptions,
} from '@walletframe/protocol'

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')

type Ceremony = {
  /** The page the browser says ran the ceremony (the frame's, unless a test says otherwise). */
  origin: string
  /** When set, the ceremony ran in a cross-origin iframe on this top-level page. */
  topOrigin?: string
  /** Signs another challenge than the options'. */
  challenge?: string
  /** The RP ID the authenticator scopes the credential to, if not the options'. */
  rpId?: string
}

export type Passkey = {
  id: string
  /** The user handle the API gave at registration (base64url). */
  userHandle: string
  rpId: string
  counter: number
}

export type Authenticator = {
  /** navigator.credentials.create(): a new passkey for the options' user. */
  create(
    options: PasskeyCreationOptions,
    ceremony: Ceremony,
  ): { credential: PasskeyRegistration; passkey: Passkey }
  /** navigator.credentials.get() with `passkey`: its counter moves forward unless `counter` is given. */
  get(
    options: PasskeyRequestOptions,
    passkey: Passkey,
    ceremony: Ceremony & {
      counter?: number
      userHandle?: string | null
      /** false: the authenticator answers on a touch alone, without verifying the user (no PIN, no biometric). */
      userVerified?: boolean
    },
  ): PasskeyAssertion
}

function clientData(type: string, challenge: string, ceremony: Ceremony): Buffer {
  return Buffer.from(
    JSON.stringify({
      type,
      challenge: ceremony.challenge ?? challenge,
      origin: ceremony.origin,
      crossOrigin: ceremony.topOrigin !== undefined,
      ...(ceremony.topOrigin ? { topOrigin: ceremony.topOrigin } : {}),
    }),
  )
}

const flags = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 }

function authData(rpId: string, flagBits: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter)
  return Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([flagBits]),
    count,
    attested ?? Buffer.alloc(0),
  ])
}

/** An authenticator holding its keys in memory; `counting`: a signature counter (else 0, as synced passkeys). */
export function create(options: { counting?: boolean } = {}): Authenticator {
  const keys = new Map<string, KeyObject>()
  return {
    create(request, ceremony) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const id = randomBytes(32)
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(id.length)
      const rpId = ceremony.rpId ?? request.rp.id!
      const counter = options.counting ? 1 : 0
      const data = authData(
        rpId,
        flags.up | flags.uv | flags.at,
        counter,
        Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]),
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', data],
        ]),
      )
      keys.set(b64(id), privateKey)
      return {
        credential: {
          id: b64(id),
          rawId: b64(id),
          type: 'public-key',
          response: {
            clientDataJSON: b64(clientData('webauthn.create', request.challenge, ceremony)),
            attestationObject: b64(attestationObject),
            transports: ['internal'],
          },
          authenticatorAttachment: 'platform',
          clientExtensionResults: { credProps: { rk: true } },
        },
        passkey: { id: b64(id), userHandle: request.user.id, rpId, counter },
      }
    },
    get(request, passkey, ceremony) {
      const key = keys.get(passkey.id)
      if (!key) throw new Error(`No key for passkey ${passkey.id}`)
      if (options.counting) passkey.counter += 1
      const data = authData(
        ceremony.rpId ?? request.rpId ?? passkey.rpId,
        ceremony.userVerified === false ? flags.up : flags.up | flags.uv,
        ceremony.counter ?? passkey.counter,
      )
      const client = clientData('webauthn.get', request.challenge, ceremony)
      const signature = sign(
        'sha256',
        Buffer.concat([data, createHash('sha256').update(client).digest()]),
        key,
      )
      const userHandle = ceremony.userHandle === undefined ? passkey.userHandle : ceremony.userHandle
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          ...(userHandle !== null ? { userHandle } : {}),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },
  }
}
