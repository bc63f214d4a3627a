// Proofs made by a frame's device key (ECDSA P-256 over a purpose-tagged input and a timestamp): the
// timestamp must be near the server's clock, the signature the key's, and each proof works once. The
// spent proofs are rows, so a proof replayed to another process is refused too.
import type { DevicePublicKey } from '@walletframe/protocol'
import { lt } from 'drizzle-orm'
import type { Db } from '../db/Database.js'
import { authSpentProofs } from '../db/schema.js'
import * as DeviceKey from './deviceKey.js'
import { DeviceProofRejectedError } from './errors.js'
import { digest } from './secrets.js'

/** How far a proof's timestamp may be from the server's clock, either way. */
export const windowMs = 5 * 60_000

export type Context = { db: Db; now?: () => Date }

export type Proof = { timestamp: number; signature: string }

/**
 * Checks `proof` over `input` (which must embed `proof.timestamp`) against `key`, and spends it.
 * What is spent is the signed input, not the signature: ECDSA signatures are malleable (s and n - s
 * both verify), so a replayer could otherwise present a second signature over the same input.
 */
export async function spend(
  context: Context,
  key: DevicePublicKey,
  input: string,
  proof: Proof,
): Promise<void> {
  const now = context.now?.() ?? new Date()
  if (Math.abs(now.getTime() - proof.timestamp) > windowMs) {
    throw new DeviceProofRejectedError(
      `the signed timestamp is more than ${windowMs / 60_000} minutes from the server's time`,
    )
  }
  if (!(await DeviceKey.verify(key, input, proof.signature))) {
    throw new DeviceProofRejectedError('the signature is not the device key’s')
  }
  const thumbprint = await DeviceKey.thumbprint(key)
  const [spent] = await context.db
    .insert(authSpentProofs)
    .values({
      digest: digest(`${thumbprint}\n${input}`),
      // Kept past the last moment any clock within the window could accept it (with room for skew).
      expiresAt: new Date(proof.timestamp + 2 * windowMs),
    })
    .onConflictDoNothing()
    .returning({ digest: authSpentProofs.digest })
  if (!spent) throw new DeviceProofRejectedError('this proof was used before; sign a new one')
  // Rows past their use are dropped as new ones come (the index on expires_at keeps this cheap).
  await context.db.delete(authSpentProofs).where(lt(authSpentProofs.expiresAt, now))
}
