import { describe, expect, it } from 'vitest'
import * as Base64url from './internal/base64url.js'
import * as PrfCipher from './prfCipher.js'

const share = new Uint8Array(17).map((_, i) => i + 1)
const bound = '0xabc|Sol111'
const prf = { credentialId: 'Y3JlZGVudGlhbC1pZC0wMDAx', output: new Uint8Array(32).fill(9) }

describe('encrypt', () => {
  it('seals under a fresh salt and nonce each time, naming the credential and nothing secret', async () => {
    const a = await PrfCipher.encrypt(share, prf, bound)
    const b = await PrfCipher.encrypt(share, prf, bound)
    expect(a).toMatchObject({
      scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm',
      credentialId: prf.credentialId,
    })
    expect(Base64url.decode(a.salt)).toHaveLength(32)
    expect(Base64url.decode(a.iv)).toHaveLength(12)
    expect(a.salt).not.toBe(b.salt)
    expect(a.ciphertext).not.toBe(b.ciphertext)
    expect(JSON.stringify(a)).not.toContain(Base64url.encode(prf.output))
  })

  it('refuses an output that is not a PRF result (32 bytes)', async () => {
    await expect(
      PrfCipher.encrypt(share, { ...prf, output: new Uint8Array(16) }, bound),
    ).rejects.toBeInstanceOf(PrfCipher.PrfRecoveryFailedError)
  })
})

describe('decrypt', () => {
  it('opens with the same passkey’s output for the same wallet', async () => {
    const sealed = await PrfCipher.encrypt(share, prf, bound)
    expect(await PrfCipher.decrypt(sealed, prf, bound)).toEqual(share)
  })

  it('refuses another output, another credential, another wallet and a tampered ciphertext', async () => {
    const sealed = await PrfCipher.encrypt(share, prf, bound)
    const refused = (promise: Promise<unknown>) =>
      expect(promise).rejects.toMatchObject({ code: 'PRF_RECOVERY_FAILED' })
    await refused(PrfCipher.decrypt(sealed, { ...prf, output: new Uint8Array(32).fill(8) }, bound))
    await refused(PrfCipher.decrypt(sealed, { ...prf, credentialId: 'b3RoZXItY3JlZGVudGlhbC0x' }, bound))
    // The copy relabelled as another passkey's: the credential is bound as associated data.
    await refused(
      PrfCipher.decrypt(
        { ...sealed, credentialId: 'b3RoZXItY3JlZGVudGlhbC0x' },
        { ...prf, credentialId: 'b3RoZXItY3JlZGVudGlhbC0x' },
        bound,
      ),
    )
    await refused(PrfCipher.decrypt(sealed, prf, '0xdef|Sol222'))
    const bytes = Base64url.decode(sealed.ciphertext)
    bytes[0]! ^= 1
    await refused(PrfCipher.decrypt({ ...sealed, ciphertext: Base64url.encode(bytes) }, prf, bound))
  })
})
