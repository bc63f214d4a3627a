import { base64urlnopad } from '@scure/base'
import { RecoveryKit } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { InvalidRecoveryKitError, RecoveryKitTamperedError, WrongKitPasswordError } from './errors.js'
import * as Keys from './keys.js'
import * as Kit from './kit.js'

// The schema's floor, so the tests run quickly; the kit records its count.
const iterations = 100_000
const password = 'correct horse battery'
const entropy = globalThis.crypto.getRandomValues(new Uint8Array(16))
const sealed = Kit.seal({ entropy, password, iterations })

/** The kit with one base64url field's bytes changed. */
function flipped(text: string): string {
  const bytes = base64urlnopad.decode(text)
  bytes[0] = (bytes[0] as number) ^ 1
  return base64urlnopad.encode(bytes)
}

describe('seal', () => {
  it('writes a kit the schema accepts, with the addresses the entropy derives and no secret in the clear', async () => {
    const kit = await sealed
    expect(RecoveryKit.parse(kit)).toEqual(kit)
    expect(kit.addresses).toEqual(Keys.fromEntropy(entropy).addresses)
    expect(kit.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations })
    const text = JSON.stringify(kit)
    expect(text).not.toContain(base64urlnopad.encode(entropy))
    expect(text).not.toContain(Keys.secretsOf(entropy).mnemonic.split(' ').slice(0, 3).join(' '))
  })

  it('uses a fresh salt and nonce each time', async () => {
    const again = await Kit.seal({ entropy, password, iterations })
    const kit = await sealed
    expect(again.kdf.salt).not.toBe(kit.kdf.salt)
    expect(again.cipher.iv).not.toBe(kit.cipher.iv)
    expect(again.ciphertext).not.toBe(kit.ciphertext)
  })
})

describe('open', () => {
  it('gives back the entropy and the keys, from the file text', async () => {
    const kit = Kit.parse(JSON.stringify(await sealed))
    const opened = await Kit.open(kit, password)
    expect(opened.entropy).toEqual(entropy)
    expect(opened.keys.addresses).toEqual(kit.addresses)
  })

  it('refuses a wrong password with WrongKitPasswordError', async () => {
    const error = await Kit.open(await sealed, 'correct horse battery!').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WrongKitPasswordError)
    expect(error).toMatchObject({ code: 'WRONG_KIT_PASSWORD' })
  })

  it('refuses a changed ciphertext, nonce or address with RecoveryKitTamperedError', async () => {
    const kit = await sealed
    const other = Keys.fromEntropy(new Uint8Array(16)).addresses
    const tampered: RecoveryKit[] = [
      { ...kit, ciphertext: flipped(kit.ciphertext) },
      { ...kit, cipher: { ...kit.cipher, iv: flipped(kit.cipher.iv) } },
      { ...kit, addresses: other },
      { ...kit, addresses: { ...kit.addresses, solana: other.solana } },
    ]
    for (const changed of tampered) {
      await expect(Kit.open(changed, password)).rejects.toBeInstanceOf(RecoveryKitTamperedError)
    }
  })

  it('reads a changed salt or iteration count as a wrong password (they make another key)', async () => {
    const kit = await sealed
    await expect(
      Kit.open({ ...kit, kdf: { ...kit.kdf, iterations: iterations + 1 } }, password),
    ).rejects.toBeInstanceOf(WrongKitPasswordError)
    await expect(
      Kit.open({ ...kit, kdf: { ...kit.kdf, salt: flipped(kit.kdf.salt) } }, password),
    ).rejects.toBeInstanceOf(WrongKitPasswordError)
  })
})

describe('parse', () => {
  it('refuses text that is not JSON, another version, and an iteration count out of bounds', async () => {
    const kit = await sealed
    expect(() => Kit.parse('not json')).toThrow(InvalidRecoveryKitError)
    expect(() => Kit.parse(JSON.stringify({ ...kit, version: 2 }))).toThrow(InvalidRecoveryKitError)
    expect(() => Kit.parse(JSON.stringify({ ...kit, kdf: { ...kit.kdf, iterations: 1e9 } }))).toThrow(
      /kdf\.iterations/,
    )
  })
})
