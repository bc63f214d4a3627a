// What the sign-in flow says, in one place.
export const signInMessages = {
  declined: 'Signature declined',
  /** The API refused the signed session or could not be reached. */
  failed: 'Sign-in failed',
  /** Sign-in with a signed message on a chain family the frame cannot write one for. */
  unsupportedNamespace: 'Sign-in is not supported on this network',
} as const
