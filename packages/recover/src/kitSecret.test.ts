import { describe, expect, it } from 'vitest'
import { WrongKitPasswordError } from './errors.js'
import * as Keys from './keys.js'
import * as Kit from './kit.js'
import * as KitSecret from './kitSecret.js'

const entropy = globalThis.crypto.getRandomValues(new Uint8Array(16))
const { addresses } = Keys.fromEntropy(entropy)
const prf = globalThis.crypto.getRandomValues(new Uint8Array(32))

describe('derive', () => {
  it('gives 160 bits as eight groups of four base32 characters, the same for the same passkey and wallet', async () => {
    const secret = await KitSecret.derive(prf, addresses)
    expect(secret).toMatch(/^([A-Z2-7]{4}-){7}[A-Z2-7]{4}$/)
    expect(await KitSecret.derive(prf.slice(), addresses)).toBe(secret)
  })

  it('differs for another passkey’s output and for another wallet', async () => {
    const secret = await KitSecret.derive(prf, addresses)
    const otherPrf = prf.slice()
    otherPrf[0] = (otherPrf[0] as number) ^ 1
    expect(await KitSecret.derive(otherPrf, addresses)).not.toBe(secret)
    const other = Keys.fromEntropy(new Uint8Array(16)).addresses
    expect(await KitSecret.derive(prf, other)).not.toBe(secret)
  })
})

describe('normalize', () => {
  it('takes the secret as people write it: any case, spaces or dashes, 0/1/8 for O/I/B', () => {
    expect(KitSecret.normalize('abcd-efgh ijkl\nMNOP')).toBe('ABCDEFGHIJKLMNOP')
    expect(KitSecret.normalize('0148')).toBe('OI4B')
    expect(KitSecret.format('abcdefghijklmnop')).toBe('ABCD-EFGH-IJKL-MNOP')
  })
})

describe('a kit under the kit secret', () => {
  it('records its protection and opens with the secret however it is written', async () => {
    const secret = await KitSecret.derive(prf, addresses)
    const kit = await Kit.seal({ entropy, password: secret, protection: 'kit-secret', iterations: 100_000 })
    expect(kit.protection).toBe('kit-secret')
    const typed = secret.toLowerCase().replaceAll('-', ' ')
    expect((await Kit.open(kit, typed)).keys.addresses).toEqual(addresses)
  })

  it('refuses a wrong secret with words that name the kit secret, not a password', async () => {
    const secret = await KitSecret.derive(prf, addresses)
    const kit = await Kit.seal({ entropy, password: secret, protection: 'kit-secret', iterations: 100_000 })
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`
    const refused = Kit.open(kit, wrong)
    await expect(refused).rejects.toBeInstanceOf(WrongKitPasswordError)
    await expect(refused).rejects.toThrow(/kit secret/)
  })

  it('a password kit stays as it was: no protection field, the password taken as typed', async () => {
    const kit = await Kit.seal({ entropy, password: 'Correct-Horse battery', iterations: 100_000 })
    expect(kit).not.toHaveProperty('protection')
    await expect(Kit.open(kit, 'correct-horse battery')).rejects.toBeInstanceOf(WrongKitPasswordError)
    expect((await Kit.open(kit, 'Correct-Horse battery')).keys.addresses).toEqual(addresses)
  })
})
