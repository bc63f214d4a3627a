// The offline recovery's errors: one base class with a stable `code`, one class per way a kit fails to
// open, each saying what happened and what to do.

export class RecoverError extends Error {
  override name = 'RecoverError'
  readonly code: string
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/** Not a recovery kit this reader knows: not JSON, another file, another version, a field out of bounds. */
export class InvalidRecoveryKitError extends RecoverError {
  override name = 'InvalidRecoveryKitError'
  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      'INVALID_RECOVERY_KIT',
      `This file is not a Walletframe recovery kit this command can read: ${detail}`,
      options,
    )
  }
}

export class WrongKitPasswordError extends RecoverError {
  override name = 'WrongKitPasswordError'
  /** `kitSecret`: the kit opens with the kit secret shown when it was made, not a password. */
  constructor(kitSecret = false) {
    super(
      'WRONG_KIT_PASSWORD',
      kitSecret
        ? 'The kit secret does not open this recovery kit; enter the one shown when the kit was made (groups of four letters and digits)'
        : 'The password does not open this recovery kit; enter the recovery password the wallet had when the kit was made',
    )
  }
}

/** The password is right but the ciphertext, the addresses or another bound field were changed. */
export class RecoveryKitTamperedError extends RecoverError {
  override name = 'RecoveryKitTamperedError'
  constructor(options?: { cause?: unknown }) {
    super(
      'RECOVERY_KIT_TAMPERED',
      'This recovery kit was changed after it was made (its contents no longer match); use an unaltered copy',
      options,
    )
  }
}
