import 'fake-indexeddb/auto'
import '../chains/solana/buffer.js'
import { ed25519 } from '@noble/curves/ed25519'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { PublicKey, SystemProgram, TransactionMessage } from '@solana/web3.js'
import type { SensitiveAction } from '@walletframe/protocol'
import * as Keys from '@walletframe/recover/keys'
import * as Kit from '@walletframe/recover/kit'
import bs58 from 'bs58'
import {
  bytesToHex,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, HDKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { touchOf, windowEnd } from './exportTesting.js'
import * as Base64url from './internal/base64url.js'
import * as KeyStore from './keyStore.js'
import * as PassTesting from './passTesting.js'
import * as PrfCipher from './prfCipher.js'
import * as RecoveryCipher from './recoveryCipher.js'
import * as Shares from './shares.js'
import * as Vault from './Vault.js'

// Fewer PBKDF2 rounds in tests only (the scheme records its count; production uses 600 000).
const recoveryIterations = 100_000
const password = 'correct horse battery'

async function newWallet(keyStore: KeyStore.KeyStore = KeyStore.memory()) {
  const vault = Vault.create({ keyStore, recoveryIterations, passKey: async () => PassTesting.passKey })
  return { vault, created: await vault.create({ password }) }
}

/** A pass the API would sign for `action` on this vault's wallet and device. */
async function passOf(
  wallet: Awaited<ReturnType<typeof newWallet>>,
  action: SensitiveAction,
  claims: Partial<Parameters<typeof PassTesting.signPass>[0]> = {},
) {
  return PassTesting.signPass({
    action,
    wallet: wallet.created.addresses.eip155,
    device: await wallet.vault.deviceKey(),
    ...claims,
  })
}

describe('create', () => {
  it('hands out the shares for the API and a wrapped device share, and signs for its address', async () => {
    const { vault, created } = await newWallet()
    expect(created.recoveryShare).toMatchObject({
      scheme: 'pbkdf2-sha256/aes-256-gcm',
      iterations: recoveryIterations,
    })
    expect(Base64url.decode(created.authShare)).toHaveLength(17)
    const signature = await vault.signMessage('hello walletframe', 'eip155:1')
    expect(
      await verifyMessage({
        address: created.addresses.eip155 as Hex,
        message: 'hello walletframe',
        signature,
      }),
    ).toBe(true)
    const message = new TextEncoder().encode('solana says hi')
    expect(
      ed25519.verify(await vault.signSolanaMessage(message), message, bs58.decode(created.addresses.solana)),
    ).toBe(true)
  })

  it('refuses a short recovery password', async () => {
    const vault = Vault.create({ keyStore: KeyStore.memory() })
    await expect(vault.create({ password: 'short' })).rejects.toBeInstanceOf(
      RecoveryCipher.WeakRecoveryPasswordError,
    )
  })
})

describe('unlock', () => {
  it('opens the wallet after a reload from the wrapped device share and the auth share (IndexedDB)', async () => {
    const first = await KeyStore.open(indexedDB)
    const { created } = await newWallet(first!)
    // A reload: a new Vault over the same IndexedDB.
    const reloaded = Vault.create({
      keyStore: (await KeyStore.open(indexedDB))!,
      passKey: async () => PassTesting.passKey,
    })
    expect(reloaded.addresses()).toBeUndefined()
    await expect(reloaded.signMessage('x', 'eip155:1')).rejects.toBeInstanceOf(Vault.WalletLockedError)
    const addresses = await reloaded.unlock({
      wrappedDeviceShare: created.wrappedDeviceShare,
      authShare: created.authShare,
      addresses: created.addresses,
    })
    expect(addresses).toEqual(created.addresses)
    const typedData = {
      domain: { name: 'Walletframe', version: '1', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    // Typed data a contract could take as an order signs with its send pass.
    const payload = { kind: 'evm-typed-data', chain: 'eip155:1', typedData } as const
    const send = await reloaded.spendOf(payload)
    const pass = await passOf({ vault: reloaded, created }, 'send', { send })
    const signature = await reloaded.signTypedData(typedData, 'eip155:1', pass)
    expect(await verifyTypedData({ address: addresses.eip155 as Hex, signature, ...typedData })).toBe(true)
  })

  it('cannot open the wrapped device share on another device (no wrap key there)', async () => {
    const { created } = await newWallet()
    const elsewhere = Vault.create({ keyStore: KeyStore.memory() })
    await expect(
      elsewhere.unlock({
        wrappedDeviceShare: created.wrappedDeviceShare,
        authShare: created.authShare,
        addresses: created.addresses,
      }),
    ).rejects.toBeInstanceOf(Shares.ShareMismatchError)
  })
})

describe('recover', () => {
  it('opens the wallet on a new device from auth + recovery and writes the same device share again', async () => {
    const { created } = await newWallet()
    const device = Vault.create({ keyStore: KeyStore.memory(), passKey: async () => PassTesting.passKey })
    const recovered = await device.recover({
      authShare: created.authShare,
      recoveryShare: created.recoveryShare,
      password,
      addresses: created.addresses,
    })
    expect(recovered.addresses).toEqual(created.addresses)
    const transaction = {
      chainId: 8453,
      type: 'eip1559',
      to: '0x000000000000000000000000000000000000dEaD',
      value: 1n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
    } as const
    const send = await device.spendOf({ kind: 'evm-transaction', transaction })
    const pass = await passOf({ vault: device, created }, 'send', { send })
    const signed = await device.signTransaction(transaction, pass)
    expect(parseTransaction(signed)).toMatchObject({
      to: transaction.to.toLowerCase(),
      value: 1n,
      chainId: 8453,
    })
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      created.addresses.eip155,
    )
    // The recovered device opens from its own wrapped share and the auth share from now on.
    device.lock()
    expect(
      await device.unlock({
        wrappedDeviceShare: recovered.wrappedDeviceShare,
        authShare: created.authShare,
        addresses: created.addresses,
      }),
    ).toEqual(created.addresses)
  })

  it('refuses a wrong password and shares of another wallet', async () => {
    const { created } = await newWallet()
    const other = await newWallet()
    const device = Vault.create({ keyStore: KeyStore.memory() })
    await expect(device.recover({ ...created, password: 'wrong password!' })).rejects.toBeInstanceOf(
      RecoveryCipher.WrongRecoveryPasswordError,
    )
    await expect(
      device.recover({ ...created, authShare: other.created.authShare, password }),
    ).rejects.toBeInstanceOf(Shares.ShareMismatchError)
    expect(device.addresses()).toBeUndefined()
  })
})

describe('recover with a passkey’s PRF', () => {
  const prf = { credentialId: 'Y3JlZGVudGlhbC1pZC0wMDAx', output: crypto.getRandomValues(new Uint8Array(32)) }

  it('opens the wallet on a new device with the PRF output alone, no password', async () => {
    const vault = Vault.create({ keyStore: KeyStore.memory(), recoveryIterations })
    const created = await vault.create({ password, prf })
    expect(created.prfShare).toMatchObject({
      scheme: 'webauthn-prf/hkdf-sha256/aes-256-gcm',
      credentialId: prf.credentialId,
    })
    const device = Vault.create({ keyStore: KeyStore.memory() })
    const recovered = await device.recover({
      authShare: created.authShare,
      addresses: created.addresses,
      prfShare: created.prfShare!,
      prf,
    })
    expect(recovered.addresses).toEqual(created.addresses)
    // The same device share as a password recovery writes: either way the device opens alike.
    const byPassword = await Vault.create({ keyStore: KeyStore.memory() }).recover({ ...created, password })
    expect(recovered.addresses).toEqual(byPassword.addresses)
    const signature = await device.signMessage('no password', 'eip155:1')
    expect(
      await verifyMessage({ address: created.addresses.eip155 as Hex, message: 'no password', signature }),
    ).toBe(true)
  })

  it('refuses another passkey’s output, and the copy of another wallet', async () => {
    const vault = Vault.create({ keyStore: KeyStore.memory(), recoveryIterations })
    const created = await vault.create({ password, prf })
    const other = await Vault.create({ keyStore: KeyStore.memory(), recoveryIterations }).create({
      password,
      prf,
    })
    const device = Vault.create({ keyStore: KeyStore.memory() })
    const wrongOutput = { ...prf, output: crypto.getRandomValues(new Uint8Array(32)) }
    await expect(
      device.recover({ ...created, prfShare: created.prfShare!, prf: wrongOutput }),
    ).rejects.toBeInstanceOf(PrfCipher.PrfRecoveryFailedError)
    // Another wallet's copy under the same passkey: bound to its own addresses, it opens for no other.
    await expect(device.recover({ ...created, prfShare: other.prfShare!, prf })).rejects.toBeInstanceOf(
      PrfCipher.PrfRecoveryFailedError,
    )
    expect(device.addresses()).toBeUndefined()
  })

  it('seals a copy for a passkey added while the wallet is open, after a create, a recovery or an unlock', async () => {
    const keyStore = KeyStore.memory()
    const vault = Vault.create({ keyStore, recoveryIterations })
    const created = await vault.create({ password })
    const added = {
      credentialId: 'YWRkZWQtcGFzc2tleS0wMDAx',
      output: crypto.getRandomValues(new Uint8Array(32)),
    }
    const copy = await vault.sealForPasskey(added)
    expect(copy?.credentialId).toBe(added.credentialId)
    const device = Vault.create({ keyStore: KeyStore.memory() })
    const opened = await device.recover({ ...created, prfShare: copy!, prf: added })
    expect(opened.addresses).toEqual(created.addresses)
    expect(await device.sealForPasskey(added)).toBeDefined()
    // A reload: the wallet opens from the device share, and a passkey added now gets a copy too,
    // which opens the same wallet on yet another device with no password.
    device.lock()
    await device.unlock({
      wrappedDeviceShare: opened.wrappedDeviceShare,
      authShare: created.authShare,
      addresses: created.addresses,
    })
    const later = {
      credentialId: 'bGF0ZXItcGFzc2tleS0wMDAy',
      output: crypto.getRandomValues(new Uint8Array(32)),
    }
    const laterCopy = await device.sealForPasskey(later)
    const another = Vault.create({ keyStore: KeyStore.memory() })
    const reopened = await another.recover({ ...created, prfShare: laterCopy!, prf: later })
    expect(reopened.addresses).toEqual(created.addresses)
    // It opens only with that passkey's output, and only for this wallet.
    await expect(
      Vault.create({ keyStore: KeyStore.memory() }).recover({ ...created, prfShare: laterCopy!, prf: added }),
    ).rejects.toMatchObject({ code: 'PRF_RECOVERY_FAILED' })
  })

  it('makes no PRF copy without an output', async () => {
    const { created } = await newWallet()
    expect(created.prfShare).toBeUndefined()
  })
})

describe('device key and forget', () => {
  it('signs with a non-extractable device key that survives a reload, and sign-out deletes it', async () => {
    const keyStore = KeyStore.memory()
    const vault = Vault.create({ keyStore })
    const publicKey = await vault.deviceKey()
    expect(publicKey).toMatchObject({ kty: 'EC', crv: 'P-256' })
    const pair = (await keyStore.get('device-key')) as CryptoKeyPair
    expect(pair.privateKey.extractable).toBe(false)
    const signature = await vault.signWithDeviceKey('walletframe-refresh\ntoken\n1')
    const verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      pair.publicKey,
      Base64url.decode(signature),
      new TextEncoder().encode('walletframe-refresh\ntoken\n1'),
    )
    expect(verified).toBe(true)
    expect(await Vault.create({ keyStore }).deviceKey()).toEqual(publicKey)
    await vault.forget()
    expect(await vault.deviceKey()).not.toEqual(publicKey)
  })
})

describe('a wallet its passkey alone protects', () => {
  const prf = { credentialId: 'Y3JlZGVudGlhbC1pZC0wMDAy', output: crypto.getRandomValues(new Uint8Array(32)) }

  async function passkeyWallet() {
    const vault = Vault.create({
      keyStore: KeyStore.memory(),
      recoveryIterations,
      passKey: async () => PassTesting.passKey,
    })
    const created = await vault.createWithPasskey({ prf })
    return { vault, created: { ...created, recoveryShare: undefined } }
  }
  const passFor = async (
    vault: Vault.Vault,
    wallet: { addresses: { eip155: string } },
    action: SensitiveAction,
  ) => PassTesting.signPass({ action, wallet: wallet.addresses.eip155, device: await vault.deviceKey() })

  it('hands out no password ciphertext, and a new device opens it with the PRF output alone', async () => {
    const { created } = await passkeyWallet()
    expect(created).not.toHaveProperty('recoveryShare', expect.anything())
    const device = Vault.create({ keyStore: KeyStore.memory() })
    const recovered = await device.recover({ ...created, prfShare: created.prfShare!, prf })
    expect(recovered.addresses).toEqual(created.addresses)
  })

  it('seals the share under a password added later (after an unlock too), which then recovers alike', async () => {
    const { vault, created } = await passkeyWallet()
    // A reload: the device share opens it, and the Worker holds no recovery share.
    vault.lock()
    await vault.unlock(created)
    const shares = { authShare: created.authShare, prfShare: created.prfShare!, prf }
    const recoveryShare = await vault.sealRecoveryPassword({ ...shares, password })
    const device = Vault.create({ keyStore: KeyStore.memory() })
    expect((await device.recover({ ...created, recoveryShare, password })).addresses).toEqual(
      created.addresses,
    )
    // Another passkey's output opens nothing, so nothing is sealed.
    await expect(
      vault.sealRecoveryPassword({
        ...shares,
        prf: { ...prf, output: new Uint8Array(32).fill(9) },
        password,
      }),
    ).rejects.toBeInstanceOf(PrfCipher.PrfRecoveryFailedError)
    // Too short a password is refused as at any create.
    await expect(vault.sealRecoveryPassword({ ...shares, password: 'short' })).rejects.toBeInstanceOf(
      RecoveryCipher.WeakRecoveryPasswordError,
    )
  })

  it('makes a recovery kit under the kit secret its passkey derives: the same secret every time, and the kit opens with it', async () => {
    const { vault, created } = await passkeyWallet()
    const shares = { authShare: created.authShare, prfShare: created.prfShare!, prf }
    const first = await vault.recoveryKitWithPasskey({
      ...shares,
      pass: await passFor(vault, created, 'recovery-kit'),
    })
    const again = await vault.recoveryKitWithPasskey({
      ...shares,
      pass: await passFor(vault, created, 'recovery-kit'),
    })
    expect(first.kitSecret).toMatch(/^([A-Z2-7]{4}-){7}[A-Z2-7]{4}$/)
    expect(again.kitSecret).toBe(first.kitSecret)
    expect(first.kit.protection).toBe('kit-secret')
    // Written down in lower case without dashes, it still opens.
    const opened = await Kit.open(first.kit, first.kitSecret.toLowerCase().replaceAll('-', ' '))
    expect(opened.keys.addresses).toEqual(created.addresses)
    // Nothing of the secret in the kit.
    expect(JSON.stringify(first.kit)).not.toContain(first.kitSecret.replaceAll('-', ''))
  })

  it('makes no kit without a recovery-kit pass, nor for another passkey’s output', async () => {
    const { vault, created } = await passkeyWallet()
    const shares = { authShare: created.authShare, prfShare: created.prfShare!, prf }
    await expect(
      vault.recoveryKitWithPasskey({ ...shares, pass: await passFor(vault, created, 'export') }),
    ).rejects.toMatchObject({ code: 'FACTOR_PASS_REJECTED' })
    await expect(
      vault.recoveryKitWithPasskey({
        ...shares,
        prf: { ...prf, output: new Uint8Array(32).fill(3) },
        pass: await passFor(vault, created, 'recovery-kit'),
      }),
    ).rejects.toBeInstanceOf(PrfCipher.PrfRecoveryFailedError)
  })
})

describe('recoveryKit', () => {
  it('seals the open wallet under its verified recovery password; the kit opens to the same accounts', async () => {
    const wallet = await newWallet()
    const { vault, created } = wallet
    const kit = await vault.recoveryKit({
      authShare: created.authShare,
      recoveryShare: created.recoveryShare,
      password,
      pass: await passOf(wallet, 'recovery-kit'),
    })
    expect(kit.addresses).toEqual(created.addresses)
    expect(kit.kdf.iterations).toBe(recoveryIterations)
    const opened = await Kit.open(kit, password)
    expect(opened.keys.addresses).toEqual(created.addresses)
    const signature = await opened.keys.evm.signMessage({ message: 'from the kit' })
    expect(
      await verifyMessage({ address: created.addresses.eip155 as Hex, message: 'from the kit', signature }),
    ).toBe(true)
    // Nothing of the secret in the clear: the kit is all that left the Worker.
    const mnemonic = entropyToMnemonic(opened.entropy, wordlist)
    expect(JSON.stringify(kit)).not.toContain(mnemonic.split(' ').slice(0, 4).join(' '))
    expect(JSON.stringify(kit)).not.toContain(Base64url.encode(opened.entropy))
  })

  it('refuses a wrong recovery password before it seals anything', async () => {
    const wallet = await newWallet()
    const { vault, created } = wallet
    await expect(
      vault.recoveryKit({
        authShare: created.authShare,
        recoveryShare: created.recoveryShare,
        password: 'not the password',
        pass: await passOf(wallet, 'recovery-kit'),
      }),
    ).rejects.toBeInstanceOf(RecoveryCipher.WrongRecoveryPasswordError)
  })

  it('refuses shares of another wallet, and works only while the wallet is open', async () => {
    const wallet = await newWallet()
    const { vault, created } = wallet
    const pass = await passOf(wallet, 'recovery-kit')
    const other = await newWallet()
    // Another wallet's recovery share is bound to its addresses: it does not open for this one.
    await expect(
      vault.recoveryKit({
        authShare: other.created.authShare,
        recoveryShare: other.created.recoveryShare,
        password,
        pass,
      }),
    ).rejects.toBeInstanceOf(RecoveryCipher.WrongRecoveryPasswordError)
    // This wallet's recovery share with another's auth share combines to another secret.
    await expect(
      vault.recoveryKit({
        authShare: other.created.authShare,
        recoveryShare: created.recoveryShare,
        password,
        pass,
      }),
    ).rejects.toBeInstanceOf(Shares.ShareMismatchError)
    vault.lock()
    await expect(
      vault.recoveryKit({
        authShare: created.authShare,
        recoveryShare: created.recoveryShare,
        password,
        pass,
      }),
    ).rejects.toBeInstanceOf(Vault.WalletLockedError)
  })
})

describe('exportTo', () => {
  it('answers the window on its port: a wrong password refused, the right one the phrase and keys', async () => {
    const wallet = await newWallet()
    const { vault, created } = wallet
    const { port1, port2 } = new MessageChannel()
    await vault.exportTo(port1, {
      authShare: created.authShare,
      recoveryShare: created.recoveryShare,
      pass: await passOf(wallet, 'export'),
    })
    const window = windowEnd(port2)
    expect(await window.next('offer')).toEqual({ type: 'offer', password: true })
    port2.postMessage({ type: 'reveal', password: 'not the password' })
    expect(await window.next('refused')).toEqual({
      type: 'refused',
      code: 'WRONG_RECOVERY_PASSWORD',
      message: 'The recovery password is not correct; try again',
    })
    port2.postMessage({ type: 'reveal', password })
    const revealed = await window.next<Keys.Secrets & { addresses: unknown }>('revealed')
    expect(revealed).toMatchObject({ type: 'revealed', addresses: created.addresses })
    // The phrase is the wallet's: it derives the same accounts, and its EVM key signs for them.
    const seed = mnemonicToSeedSync(revealed.mnemonic)
    const evmKey = HDKey.fromMasterSeed(seed).derive(Keys.evmPath).privateKey!
    expect(privateKeyToAccount(bytesToHex(evmKey)).address).toBe(created.addresses.eip155)
    expect(privateKeyToAccount(revealed.evmPrivateKey).address).toBe(created.addresses.eip155)
    expect(bs58.encode(bs58.decode(revealed.solanaSecretKey).slice(32))).toBe(created.addresses.solana)
    port2.close()
  })

  it('serves only an open wallet', async () => {
    const wallet = await newWallet()
    const { vault, created } = wallet
    const pass = await passOf(wallet, 'export')
    vault.lock()
    const { port1, port2 } = new MessageChannel()
    await expect(
      vault.exportTo(port1, { authShare: created.authShare, recoveryShare: created.recoveryShare, pass }),
    ).rejects.toBeInstanceOf(Vault.WalletLockedError)
    port1.close()
    port2.close()
  })
})

describe('exportTo with a passkey', () => {
  const prf = { credentialId: 'Y3JlZGVudGlhbC1pZC0wMDAx', output: new Uint8Array(32).fill(3) }

  /** A wallet its passkey alone protects, and the page's side of an export: what it was handed, what it answers. */
  async function passkeyExport(
    answer?: (
      passFor: (action: SensitiveAction) => Promise<string>,
    ) => ReturnType<Vault.ExportPasskey['confirm']>,
  ) {
    const vault = Vault.create({
      keyStore: KeyStore.memory(),
      recoveryIterations,
      passKey: async () => PassTesting.passKey,
    })
    const created = await vault.createWithPasskey({ prf: { ...prf, output: prf.output.slice() } })
    const wallet = { vault, created: { ...created, recoveryShare: undefined as never } }
    const confirmed: unknown[] = []
    let challenges = 0
    const page: Vault.ExportPasskey = {
      options: async () => ({ challenge: `challenge-${++challenges}` }),
      async confirm(credential) {
        confirmed.push(credential)
        if (answer) return answer((action) => passOf(wallet, action))
        const pass = await passOf(wallet, 'export')
        return { ok: true, pass, authShare: created.authShare, prfShare: created.prfShare! }
      },
    }
    const { port1, port2 } = new MessageChannel()
    await vault.exportTo(port1, undefined, page)
    return { created, confirmed, port: port2, window: windowEnd(port2) }
  }

  it('opens the passkey’s copy with the PRF output from the window; the page is handed the assertion only', async () => {
    const { created, confirmed, port, window } = await passkeyExport()
    expect(await window.next('offer')).toEqual({
      type: 'offer',
      password: false,
      passkey: { challenge: 'challenge-1' },
    })
    const touch = touchOf(prf.credentialId, 'challenge-1', prf.output)
    port.postMessage(touch)
    const revealed = await window.next<Keys.Secrets>('revealed')
    expect(privateKeyToAccount(revealed.evmPrivateKey).address).toBe(created.addresses.eip155)
    expect(confirmed).toEqual([touch.credential])
    port.close()
  })

  it('passes the page’s refusal to the window with its code, and offers a fresh challenge', async () => {
    const { port, window } = await passkeyExport(async () => ({
      ok: false,
      code: 'PASSKEY_REJECTED',
      message: 'The passkey could not be verified',
    }))
    await window.next('offer')
    port.postMessage(touchOf(prf.credentialId, 'challenge-1', prf.output))
    expect(await window.next('refused')).toEqual({
      type: 'refused',
      code: 'PASSKEY_REJECTED',
      message: 'The passkey could not be verified',
    })
    expect(await window.next('offer', 2)).toMatchObject({ passkey: { challenge: 'challenge-2' } })
    port.close()
  })

  it('refuses a pass for another action the page hands back', async () => {
    let made: Vault.PasskeyCreated | undefined
    const { created, port, window } = await passkeyExport(async (passFor) => ({
      ok: true,
      pass: await passFor('recovery-kit'),
      authShare: made!.authShare,
      prfShare: made!.prfShare!,
    }))
    made = created
    await window.next('offer')
    port.postMessage(touchOf(prf.credentialId, 'challenge-1', prf.output))
    expect(await window.next('refused')).toMatchObject({ code: 'FACTOR_PASS_REJECTED' })
    expect(window.messages.some((message) => message.type === 'revealed')).toBe(false)
    port.close()
  })

  it('serves nothing without a password or a passkey', async () => {
    const wallet = await newWallet()
    const { port1, port2 } = new MessageChannel()
    await expect(wallet.vault.exportTo(port1, undefined)).rejects.toMatchObject({
      code: 'EXPORT_UNAVAILABLE',
    })
    port1.close()
    port2.close()
  })
})

describe('the pass a sensitive action needs', () => {
  /** exportTo with `pass`: resolves when the Worker serves the port, rejects with why it does not. */
  async function exportWith(wallet: Awaited<ReturnType<typeof newWallet>>, pass: string) {
    const { port1 } = new MessageChannel()
    try {
      await wallet.vault.exportTo(port1, {
        authShare: wallet.created.authShare,
        recoveryShare: wallet.created.recoveryShare,
        pass,
      })
    } finally {
      port1.close()
    }
  }
  const rejected = (reason: string) => ({
    code: 'FACTOR_PASS_REJECTED',
    message: expect.stringContaining(reason),
  })

  it('takes a pass once: a replayed one is refused', async () => {
    const wallet = await newWallet()
    const pass = await passOf(wallet, 'export')
    await exportWith(wallet, pass)
    await expect(exportWith(wallet, pass)).rejects.toMatchObject(rejected('used already'))
  })

  it('refuses a pass for another action, another wallet, another device, or expired', async () => {
    const wallet = await newWallet()
    const other = await newWallet()
    await expect(exportWith(wallet, await passOf(wallet, 'recovery-kit'))).rejects.toMatchObject(
      rejected('a pass for recovery-kit'),
    )
    await expect(exportWith(wallet, await passOf(other, 'export'))).rejects.toMatchObject(
      rejected('another wallet'),
    )
    const elsewhere = await passOf(wallet, 'export', { device: await other.vault.deviceKey() })
    await expect(exportWith(wallet, elsewhere)).rejects.toMatchObject(rejected('another device'))
    const expired = await passOf(wallet, 'export', { exp: Math.floor(Date.now() / 1000) - 1 })
    await expect(exportWith(wallet, expired)).rejects.toMatchObject(rejected('expired'))
  })

  it('refuses a pass the page signed itself, a tampered one, and none', async () => {
    const wallet = await newWallet()
    const forged = PassTesting.signPass(
      { action: 'export', wallet: wallet.created.addresses.eip155, device: await wallet.vault.deviceKey() },
      ed25519.utils.randomPrivateKey(),
    )
    await expect(exportWith(wallet, forged)).rejects.toMatchObject(
      rejected('not signed by the login service'),
    )
    const [segment, signature] = (await passOf(wallet, 'recovery-kit')).split('.') as [string, string]
    const claims = JSON.parse(new TextDecoder().decode(Base64url.decode(segment)))
    const swapped = Base64url.encode(
      new TextEncoder().encode(JSON.stringify({ ...claims, action: 'export' })),
    )
    await expect(exportWith(wallet, `${swapped}.${signature}`)).rejects.toMatchObject(
      rejected('not signed by the login service'),
    )
    await expect(exportWith(wallet, '')).rejects.toMatchObject(rejected('no pass'))
  })

  it('signs a transaction only for a send pass of what it moves, read by the Worker', async () => {
    const wallet = await newWallet()
    const transaction = {
      chainId: 8453,
      type: 'eip1559',
      to: '0x000000000000000000000000000000000000dEaD',
      value: 10n ** 18n + 1n,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
    } as const
    const send = (await wallet.vault.spendOf({ kind: 'evm-transaction', transaction }))!
    // The coin it moves, its fee at the most included.
    expect(send).toMatchObject({ chain: 'eip155:8453', native: (10n ** 18n + 1n + 42_000n).toString() })
    // A pass for a smaller amount (what a threshold lets through without a code) signs nothing bigger,
    // nor a pass whose claims describe this very transaction falsely.
    const smaller = await passOf(wallet, 'send', { send: { ...send, native: '1' } })
    await expect(wallet.vault.signTransaction(transaction, smaller)).rejects.toMatchObject(
      rejected('another transaction'),
    )
    const elsewhere = await passOf(wallet, 'send', { send: { ...send, chain: 'eip155:1' } })
    await expect(wallet.vault.signTransaction(transaction, elsewhere)).rejects.toMatchObject(
      rejected('another transaction'),
    )
    const other = await passOf(wallet, 'send', { send: { ...send, digest: `0x${'00'.repeat(32)}` } })
    await expect(wallet.vault.signTransaction(transaction, other)).rejects.toMatchObject(
      rejected('another transaction'),
    )
    await expect(wallet.vault.signTransaction(transaction)).rejects.toMatchObject(rejected('no pass'))
    await expect(
      wallet.vault.signTransaction(transaction, await passOf(wallet, 'export')),
    ).rejects.toMatchObject(rejected('a pass for export'))
    const pass = await passOf(wallet, 'send', { send })
    const signed = await wallet.vault.signTransaction(transaction, pass)
    expect(parseTransaction(signed)).toMatchObject({ value: transaction.value, chainId: 8453 })
    await expect(wallet.vault.signTransaction(transaction, pass)).rejects.toMatchObject(
      rejected('used already'),
    )
  })

  it('signs a token transfer, a UserOperation, a Solana transaction or a 32-byte message only with a pass naming what it moves', async () => {
    const wallet = await newWallet()
    const { vault } = wallet
    const usdc = '0x3333333333333333333333333333333333333333'
    // No coin at all: a pass for the bare transaction (what the threshold let through before) opens nothing.
    const transfer = {
      chainId: 8453,
      type: 'eip1559',
      nonce: 0,
      gas: 60_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      to: usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [usdc, 10n ** 12n] }),
    } as const
    const read = (await vault.spendOf({ kind: 'evm-transaction', transaction: transfer }))!
    expect(read.tokens).toEqual([{ asset: usdc, amount: (10n ** 12n).toString() }])
    const bare = await passOf(wallet, 'send', { send: { ...read, tokens: [] } })
    await expect(vault.signTransaction(transfer, bare)).rejects.toMatchObject(rejected('another transaction'))
    expect(
      parseTransaction(await vault.signTransaction(transfer, await passOf(wallet, 'send', { send: read }))),
    ).toMatchObject({ to: usdc })

    const userOperation = {
      sender: '0x6666666666666666666666666666666666666666',
      nonce: 0n,
      callData: '0xdeadbeef',
      callGasLimit: 1n,
      verificationGasLimit: 1n,
      preVerificationGas: 1n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      signature: '0x',
    } as const
    await expect(vault.signUserOperation(1, userOperation)).rejects.toMatchObject(rejected('no pass'))
    const opSpend = (await vault.spendOf({ kind: 'user-operation', chainId: 1, userOperation }))!
    const opSignature = await vault.signUserOperation(
      1,
      userOperation,
      await passOf(wallet, 'send', { send: opSpend }),
    )
    expect(
      await verifyMessage({
        address: wallet.created.addresses.eip155 as Hex,
        message: { raw: opSpend.digest as Hex },
        signature: opSignature,
      }),
    ).toBe(true)

    const hash = `0x${'ab'.repeat(32)}` as Hex
    await expect(vault.signMessage({ raw: hash }, 'eip155:1')).rejects.toMatchObject(rejected('no pass'))

    const payer = new PublicKey(bs58.decode(wallet.created.addresses.solana))
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: bs58.encode(new Uint8Array(32).fill(7)),
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer, toPubkey: PublicKey.default, lamports: 5n }),
      ],
    })
      .compileToV0Message()
      .serialize()
    const chain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    await expect(vault.signSolanaTransaction(chain, message)).rejects.toMatchObject(rejected('no pass'))
    // Nor as an off-chain message: those bytes are the transaction.
    await expect(vault.signSolanaMessage(message)).rejects.toBeInstanceOf(Vault.MessageIsTransactionError)
    const solanaSpend = (await vault.spendOf({ kind: 'solana-transaction', chain, message }))!
    expect(solanaSpend.native).toBe('5005')
    const signature = await vault.signSolanaTransaction(
      chain,
      message,
      await passOf(wallet, 'send', { send: solanaSpend }),
    )
    expect(ed25519.verify(signature, message, payer.toBytes())).toBe(true)
  })

  it('allows nothing when the frame names no pass key', async () => {
    const vault = Vault.create({ keyStore: KeyStore.memory(), recoveryIterations })
    const created = await vault.create({ password })
    const pass = await passOf({ vault, created }, 'export')
    await expect(exportWith({ vault, created }, pass)).rejects.toMatchObject({ code: 'PASS_KEY_MISSING' })
  })
})

describe('what leaves the Worker', () => {
  it('never holds the entropy, a private key or the device share in the clear', async () => {
    const { vault, created } = await newWallet()
    const signature = await vault.signMessage('x', 'eip155:1')
    // The test rebuilds the secrets the Worker keeps (auth + recovery, the password known here)...
    const auth = Base64url.decode(created.authShare)
    const recovery = await RecoveryCipher.decrypt(
      created.recoveryShare,
      password,
      `${created.addresses.eip155.toLowerCase()}|${created.addresses.solana}`,
    )
    const { entropy, keys } = await Shares.combine(auth, recovery, created.addresses)
    const device = await Shares.deviceShareOf(auth, recovery)
    const mnemonic = entropyToMnemonic(entropy, wordlist)
    const evmKey = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(Keys.evmPath).privateKey!
    const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
    const secrets = [
      mnemonic,
      hex(evmKey),
      hex(entropy),
      Base64url.encode(entropy),
      hex(keys.solanaSecret),
      Base64url.encode(device),
      hex(device),
      Base64url.encode(recovery),
    ]
    // ...and finds none of them in anything the Worker answered.
    const answered = JSON.stringify({ created, signature, addresses: vault.addresses() })
    for (const secret of secrets) expect(answered).not.toContain(secret)
  })
})

describe('session keys', () => {
  it('makes a key per grant that signs UserOperation hashes, and forgets them on lock', async () => {
    const { vault } = await newWallet()
    const key = await vault.createSessionKey()
    const other = await vault.createSessionKey()
    expect(key).not.toBe(other)
    const hash = `0x${'ab'.repeat(32)}` as Hex
    const signature = await vault.signWithSessionKey(key, hash)
    expect(await verifyMessage({ address: key, message: { raw: hash }, signature })).toBe(true)
    await expect(
      vault.signWithSessionKey(privateKeyToAccount(generatePrivateKey()).address, hash),
    ).rejects.toBeInstanceOf(Vault.SessionKeyUnknownError)
    vault.lock()
    await expect(vault.signWithSessionKey(key, hash)).rejects.toBeInstanceOf(Vault.SessionKeyUnknownError)
    await expect(vault.createSessionKey()).rejects.toBeInstanceOf(Vault.WalletLockedError)
  })
})
