// The recovery kit: the embedded wallet's root secret (its BIP-39 entropy) encrypted under the user's
// recovery password, as a JSON file the user keeps. The frame's Worker writes it; the offline command
// (packages/recover) reads it with no server at all. docs/recovery-kit.md describes every field.
import { EvmAddress, SolanaAddress } from './address.js'
import * as z from './internal/zod.js'

const base64url = (min: number, max: number) =>
  z
    .string()
    .check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), `${min} to ${max} base64url characters`))

export const recoveryKitType = 'walletframe-recovery-kit'
export const recoveryKitVersion = 1

/** The derivation paths the kit's addresses come from; a reader refuses paths it does not know. */
export const recoveryKitPaths = { eip155: "m/44'/60'/0'/0/0", solana: "m/44'/501'/0'/0'" } as const

export const RecoveryKit = z.object({
  type: z.literal(recoveryKitType),
  version: z.literal(recoveryKitVersion),
  /** ISO 8601, when the frame wrote it (informative only). */
  createdAt: z.string().check(z.maxLength(40)),
  /** What the ciphertext holds: the 16 bytes of BIP-39 entropy every key of the wallet derives from. */
  secret: z.literal('bip39-entropy'),
  derivation: z.object({
    eip155: z.literal(recoveryKitPaths.eip155),
    solana: z.literal(recoveryKitPaths.solana),
  }),
  /**
   * What the user types to open it: their recovery password, or (`kit-secret`) the kit secret the frame
   * showed when it made the kit of a wallet a PRF passkey protects. Absent: `password`. It tells the
   * reader what to ask for, nothing more: either is stretched and checked the same way.
   */
  protection: z.optional(z.enum(['password', 'kit-secret'])),
  /** The addresses the secret must rebuild: a reader compares them after decrypting. */
  addresses: z.object({ eip155: EvmAddress, solana: SolanaAddress }),
  kdf: z.object({
    name: z.literal('PBKDF2'),
    hash: z.literal('SHA-256'),
    /** Bounded both ways: a kit cannot make its reader loop for hours. */
    iterations: z.int().check(z.minimum(100_000), z.maximum(10_000_000)),
    /** 16 random bytes. */
    salt: base64url(22, 22),
  }),
  cipher: z.object({
    name: z.literal('AES-256-GCM'),
    /** 12-byte nonce. */
    iv: base64url(16, 16),
  }),
  /**
   * 32 bytes HKDF-derived from the password key beside the cipher key: a reader tells a wrong password
   * (this differs) from a changed file (this matches, the GCM tag does not).
   */
  passwordCheck: base64url(43, 43),
  /** The entropy, encrypted, with GCM's 16-byte tag: 32 bytes. */
  ciphertext: base64url(43, 43),
})
export type RecoveryKit = z.infer<typeof RecoveryKit>
