// Seals the wallet's entropy into a recovery kit and opens one again (docs/recovery-kit.md). WebCrypto
// only, so the same module runs in the frame's Worker and in Node: PBKDF2-SHA256 of the password, then
// HKDF-SHA256 splits that into the AES-256-GCM key and a password check. The header the reader trusts
// (type, version, paths, addresses) is GCM's associated data, so changing it breaks the tag.
import { base64urlnopad } from '@scure/base'
import {
  RecoveryKit,
  recoveryKitPaths,
  recoveryKitType,
  recoveryKitVersion,
  type WalletAddresses,
} from '@walletframe/protocol'
import { InvalidRecoveryKitError, RecoveryKitTamperedError, WrongKitPasswordError } from './errors.js'
import * as Keys from './keys.js'
import * as KitSecret from './kitSecret.js'

/** OWASP 2023 for PBKDF2-SHA256, as the recovery share uses. */
export const iterations = 600_000

const encoder = new TextEncoder()
/** WebCrypto takes ArrayBuffer-backed views only. */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)
const encode = (bytes: Uint8Array) => base64urlnopad.encode(bytes)
const decode = (text: string) => own(base64urlnopad.decode(text))

/** The associated data: every header field a reader acts on, so none can be changed unnoticed. */
function boundHeader(addresses: WalletAddresses): Uint8Array<ArrayBuffer> {
  const { eip155, solana } = recoveryKitPaths
  return encoder.encode(
    `${recoveryKitType}/v${recoveryKitVersion}|${eip155}|${solana}|${addresses.eip155.toLowerCase()}|${addresses.solana}`,
  )
}

async function keysOf(password: string, salt: Uint8Array<ArrayBuffer>, rounds: number) {
  const { subtle } = globalThis.crypto
  const material = await subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits'])
  const stretched = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
    material,
    256,
  )
  const master = await subtle.importKey('raw', stretched, 'HKDF', false, ['deriveKey', 'deriveBits'])
  const hkdf = (purpose: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(0),
    info: encoder.encode(`${recoveryKitType}/v${recoveryKitVersion} ${purpose}`),
  })
  const cipherKey = await subtle.deriveKey(hkdf('cipher'), master, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
  const check = new Uint8Array(await subtle.deriveBits(hkdf('password check'), master, 256))
  return { cipherKey, check }
}

export declare namespace seal {
  type Options = {
    /** The wallet's 16 bytes of BIP-39 entropy. */
    entropy: Uint8Array
    /** The recovery password, already verified by the caller, or the kit secret (kitSecret.ts). */
    password: string
    /** Which of the two `password` is; a kit secret is normalized first, so its dashes do not matter. */
    protection?: 'password' | 'kit-secret'
    /** PBKDF2 rounds; fewer only in tests. */
    iterations?: number
    now?: Date
  }
}

/** The kit for `entropy` under `password`; its addresses are derived here, never taken on trust. */
export async function seal(options: seal.Options): Promise<RecoveryKit> {
  const { addresses } = Keys.fromEntropy(options.entropy)
  const rounds = options.iterations ?? iterations
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16))
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const secret =
    options.protection === 'kit-secret' ? KitSecret.normalize(options.password) : options.password
  const { cipherKey, check } = await keysOf(secret, salt, rounds)
  const ciphertext = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: boundHeader(addresses) },
    cipherKey,
    own(options.entropy),
  )
  return {
    type: recoveryKitType,
    version: recoveryKitVersion,
    createdAt: (options.now ?? new Date()).toISOString(),
    secret: 'bip39-entropy',
    derivation: { ...recoveryKitPaths },
    ...(options.protection === 'kit-secret' ? { protection: 'kit-secret' as const } : {}),
    addresses,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: rounds, salt: encode(salt) },
    cipher: { name: 'AES-256-GCM', iv: encode(iv) },
    passwordCheck: encode(check),
    ciphertext: encode(new Uint8Array(ciphertext)),
  }
}

/** The kit in a file's text, checked against the schema (InvalidRecoveryKitError otherwise). */
export function parse(text: string): RecoveryKit {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new InvalidRecoveryKitError('it is not JSON', { cause: error })
  }
  const parsed = RecoveryKit.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new InvalidRecoveryKitError(
      issue ? `${issue.path.join('.') || 'the file'}: ${issue.message}` : 'unknown shape',
      { cause: parsed.error },
    )
  }
  return parsed.data
}

/**
 * Opens the kit: WrongKitPasswordError when the password check differs, RecoveryKitTamperedError when
 * it matches but the ciphertext or header do not, or the secret rebuilds other addresses.
 */
export async function open(
  kit: RecoveryKit,
  password: string,
): Promise<{ entropy: Uint8Array; keys: Keys.Keys }> {
  const kitSecret = kit.protection === 'kit-secret'
  const { cipherKey, check } = await keysOf(
    kitSecret ? KitSecret.normalize(password) : password,
    decode(kit.kdf.salt),
    kit.kdf.iterations,
  )
  if (encode(check) !== kit.passwordCheck) throw new WrongKitPasswordError(kitSecret)
  let entropy: Uint8Array
  try {
    entropy = new Uint8Array(
      await globalThis.crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: decode(kit.cipher.iv), additionalData: boundHeader(kit.addresses) },
        cipherKey,
        decode(kit.ciphertext),
      ),
    )
  } catch (error) {
    throw new RecoveryKitTamperedError({ cause: error })
  }
  if (entropy.length !== 16) throw new RecoveryKitTamperedError()
  const keys = Keys.fromEntropy(entropy)
  if (!Keys.sameAddresses(keys.addresses, kit.addresses)) throw new RecoveryKitTamperedError()
  return { entropy, keys }
}
