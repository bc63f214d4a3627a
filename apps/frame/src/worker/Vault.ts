// The embedded wallet's keys, as the Worker holds them: make a wallet, open it from two shares,
// and sign. Only signatures, public addresses, the auth share (for the API), the encrypted recovery
// share and the *wrapped* device share ever leave it; the entropy, the keys and the device share in
// the clear stay inside.

import { ed25519 } from '@noble/curves/ed25519'
import {
  type DevicePublicKey,
  type EncryptedRecoveryShare,
  type PasskeyAssertion,
  type PasskeyRequestOptions,
  type PassSpend,
  type PrfRecoveryShare,
  passDevice,
  type RecoveryKit,
  type SensitiveAction,
  type WalletAddresses,
} from '@walletframe/protocol'
import * as Keys from '@walletframe/recover/keys'
import * as Kit from '@walletframe/recover/kit'
import * as KitSecret from '@walletframe/recover/kitSecret'
import type { Address, Hex, SignableMessage, TransactionSerializable, TypedDataDefinition } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { FrameError } from '../lib/errors.js'
import * as ExportPort from './exportPort.js'
import * as FactorPass from './factorPass.js'
import * as Base64url from './internal/base64url.js'
import type { KeyStore } from './keyStore.js'
import * as PrfCipher from './prfCipher.js'
import * as RecoveryCipher from './recoveryCipher.js'
import * as Shares from './shares.js'
import * as Spend from './spend.js'

const deviceKeyName = 'device-key'
const wrapKeyName = 'device-share-wrap'

/** An off-chain message whose bytes are a transaction: signing it would sign the transaction. */
export class MessageIsTransactionError extends FrameError {
  override name = 'MessageIsTransactionError'
  constructor() {
    super('MESSAGE_IS_TRANSACTION', 'This message is a transaction: it can only be signed as one')
  }
}

/**
 * Solana's message reader, loaded with the first Solana payload: the Worker starts every login, and
 * most wallets never sign for Solana.
 */
const solanaSpend = () => import('./solanaSpend.js')

/** What signing `payload` may move; undefined when it moves nothing. */
async function spendOf(payload: Spend.Payload): Promise<PassSpend | undefined> {
  switch (payload.kind) {
    case 'evm-message':
      return Spend.messageSpend(payload.chain, payload.message)
    case 'evm-typed-data':
      return Spend.typedDataSpend(payload.chain, payload.typedData)
    case 'evm-transaction':
      return Spend.transactionSpend(payload.transaction)
    case 'user-operation':
      return Spend.userOperationSpend(payload.chainId, payload.userOperation)
    case 'solana-transaction':
      return (await solanaSpend()).solanaTransactionSpend(payload.chain, payload.message)
  }
}

export class WalletLockedError extends FrameError {
  override name = 'WalletLockedError'
  constructor() {
    super('WALLET_LOCKED', 'Address or auth connector not found')
  }
}

/** What a new wallet hands out: the API's two shares, and the device share wrapped for frame storage. */
export type Created = {
  addresses: WalletAddresses
  /** base64url; for POST /v1/auth/wallet/create. */
  authShare: string
  recoveryShare: EncryptedRecoveryShare
  /** The recovery share under the login passkey's PRF output, when one was given. */
  prfShare?: PrfRecoveryShare
  /** iv || AES-GCM ciphertext, base64url, under the non-extractable wrap key; for FrameStorage.secure. */
  wrappedDeviceShare: string
}

/** A wallet its login passkey alone protects: no recovery share under a password (yet). */
export type PasskeyCreated = Omit<Created, 'recoveryShare'>

export class SessionKeyUnknownError extends FrameError {
  override name = 'SessionKeyUnknownError'
  constructor() {
    super('SESSION_KEY_UNKNOWN', 'This session key is not held here (the frame was reloaded since the grant)')
  }
}

export type Vault = ReturnType<typeof create>

/** Export with the recovery password: the shares it opens, and the API's pass for 'export'. */
export type PasswordExport = { authShare: string; recoveryShare: EncryptedRecoveryShare; pass: string }

/**
 * The frame's page, for an export by passkey (called across the Worker boundary): a fresh challenge for
 * 'export', and for the touch's assertion the API's pass and the touched passkey's copy of the recovery
 * share — or why not, as a code and a message (an error thrown across comlink loses its code).
 */
export type ExportPasskey = {
  options(): Promise<PasskeyRequestOptions>
  confirm(
    credential: PasskeyAssertion,
  ): Promise<
    | { ok: true; pass: string; authShare: string; prfShare: PrfRecoveryShare }
    | { ok: false; code: string; message: string }
  >
}

/** Neither a recovery password nor a passkey's copy of the recovery share: nothing opens the phrase. */
export class ExportUnavailableError extends FrameError {
  override name = 'ExportUnavailableError'
  constructor() {
    super(
      'EXPORT_UNAVAILABLE',
      'Nothing here can open your recovery phrase: add a recovery password or a passkey with PRF first',
    )
  }
}

/** What opens the recovery share with a passkey: the auth share, the passkey's copy and its PRF output. */
export type PasskeyShares = { authShare: string; prfShare: PrfRecoveryShare; prf: PrfCipher.PrfOutput }

/** The addresses as associated data: a share wrapped or encrypted for one wallet opens for no other. */
const bound = (addresses: WalletAddresses) => `${addresses.eip155.toLowerCase()}|${addresses.solana}`

export declare namespace create {
  type Options = {
    keyStore: Promise<KeyStore> | KeyStore
    recoveryIterations?: number
    /**
     * The API's pass key (base64url Ed25519), read from the frame origin's own configuration — never
     * taken from the page that calls the Worker, which could hand in a key of its own.
     */
    passKey?: () => Promise<string | undefined>
    now?: () => number
  }
}

export function create(options: create.Options) {
  let keys: Keys.Keys | undefined
  /**
   * A share that opens the wallet with the auth share, while the wallet is open: the recovery share after
   * a create or a recovery, a third share of the same line after an unlock (device + auth). A passkey
   * added while the wallet is open gets its own copy of it under its PRF output, whichever way the
   * wallet opened (this session's login, or a reload with the device share). It gives nothing the open
   * keys do not: two shares are the wallet.
   */
  let recoveryShare: Uint8Array<ArrayBuffer> | undefined
  /**
   * Smart-session keys by address, in memory only: a key leaves neither the Worker nor this page's
   * life, so a reload ends the frame's side of a grant (the account still holds it until its expiry
   * or a revoke).
   */
  const sessionKeys = new Map<string, ReturnType<typeof privateKeyToAccount>>()
  const store = Promise.resolve(options.keyStore)
  const passes = FactorPass.checker({
    key: options.passKey ?? (async () => undefined),
    ...(options.now ? { now: options.now } : {}),
  })

  async function deviceKeyPair(): Promise<CryptoKeyPair> {
    const keyStore = await store
    const existing = (await keyStore.get(deviceKeyName)) as CryptoKeyPair | undefined
    if (existing) return existing
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ])
    await keyStore.put(deviceKeyName, pair)
    return pair
  }

  async function wrapKey(): Promise<CryptoKey> {
    const keyStore = await store
    const existing = (await keyStore.get(wrapKeyName)) as CryptoKey | undefined
    if (existing) return existing
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ])
    await keyStore.put(wrapKeyName, key)
    return key
  }

  async function wrap(share: Uint8Array<ArrayBuffer>, addresses: WalletAddresses): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(bound(addresses)) },
      await wrapKey(),
      share,
    )
    const out = new Uint8Array(12 + sealed.byteLength)
    out.set(iv)
    out.set(new Uint8Array(sealed), 12)
    return Base64url.encode(out)
  }

  async function unwrap(wrapped: string, addresses: WalletAddresses): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = Base64url.decode(wrapped)
    try {
      const plain = await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: bytes.slice(0, 12),
          additionalData: new TextEncoder().encode(bound(addresses)),
        },
        await wrapKey(),
        bytes.slice(12),
      )
      return new Uint8Array(plain)
    } catch (error) {
      throw new Shares.ShareMismatchError({ cause: error })
    }
  }

  const unlocked = () => {
    if (!keys) throw new WalletLockedError()
    return keys
  }

  async function publicDeviceKey(): Promise<DevicePublicKey> {
    const jwk = await crypto.subtle.exportKey('jwk', (await deviceKeyPair()).publicKey)
    return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! }
  }

  /** Spends `pass` for `action` on the open wallet and this device, or throws why not. */
  async function takePass(pass: string, action: SensitiveAction) {
    return passes.take(pass, {
      action,
      wallet: unlocked().addresses.eip155,
      device: passDevice(await publicDeviceKey()),
    })
  }

  /**
   * Refuses to sign `payload` unless it moves nothing, or `pass` is the API's send pass for exactly
   * what the Worker reads it to move (spend.ts): the API asked the user's fresh factor first when that
   * is over their threshold, so a script in the frame's page can move no more without it.
   */
  async function allow(payload: Spend.Payload, pass: string | undefined): Promise<PassSpend | undefined> {
    const spend = await spendOf(payload)
    if (!spend) return undefined
    if (pass === undefined) throw new FactorPass.PassRejectedError('no pass')
    const { send } = await takePass(pass, 'send')
    if (!Spend.same(send, spend)) throw new FactorPass.PassRejectedError('another transaction')
    return spend
  }

  /**
   * The open wallet's entropy, once `password` is verified as `recover` verifies it: it opens the
   * recovery share, and that share with the auth share rebuilds this very wallet.
   */
  async function verifiedEntropy(
    shares: { authShare: string; recoveryShare: EncryptedRecoveryShare },
    password: string,
  ): Promise<Uint8Array> {
    const { addresses } = unlocked()
    const recovery = await RecoveryCipher.decrypt(shares.recoveryShare, password, bound(addresses))
    return (await Shares.combine(Base64url.decode(shares.authShare), recovery, addresses)).entropy
  }

  /**
   * The open wallet's entropy from the passkey's copy of the recovery share, opened with its PRF output
   * and combined with the auth share into this very wallet: the passkey's touch verifies as a password does.
   */
  async function entropyWithPasskey(shares: PasskeyShares): Promise<Uint8Array> {
    const { addresses } = unlocked()
    const recovery = await PrfCipher.decrypt(shares.prfShare, shares.prf, bound(addresses))
    return (await Shares.combine(Base64url.decode(shares.authShare), recovery, addresses)).entropy
  }

  /**
   * A new wallet's shares, the recovery share under `prf` when given (and in the clear for `seal`, to
   * seal it under a password too before anything is handed out); the wallet is open afterwards.
   */
  async function make(
    prf: PrfCipher.PrfOutput | undefined,
    seal?: (recovery: Uint8Array<ArrayBuffer>, addresses: WalletAddresses) => Promise<EncryptedRecoveryShare>,
  ): Promise<PasskeyCreated & { recoveryShare?: EncryptedRecoveryShare }> {
    const entropy = crypto.getRandomValues(new Uint8Array(16))
    const split = await Shares.split(entropy)
    // Checked like any other combine: the shares handed out must rebuild this wallet.
    const opened = await Shares.combine(split.device, split.auth, Keys.fromEntropy(entropy).addresses)
    const addresses = opened.keys.addresses
    const recovery = new Uint8Array(split.recovery)
    const made = {
      addresses,
      authShare: Base64url.encode(split.auth),
      ...(seal ? { recoveryShare: await seal(recovery, addresses) } : {}),
      wrappedDeviceShare: await wrap(new Uint8Array(split.device), addresses),
      ...(prf ? { prfShare: await PrfCipher.encrypt(recovery, prf, bound(addresses)) } : {}),
    }
    keys = opened.keys
    recoveryShare = recovery
    return made
  }

  return {
    /** The device key's public half (made on first use; non-extractable private half). */
    deviceKey: publicDeviceKey,

    /** ECDSA P-256 / SHA-256 with the device key over UTF-8 `input`: r || s, base64url. */
    async signWithDeviceKey(input: string): Promise<string> {
      const signature = await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        (await deviceKeyPair()).privateKey,
        new TextEncoder().encode(input),
      )
      return Base64url.encode(new Uint8Array(signature))
    },

    /**
     * A new wallet from 16 fresh random bytes, split 2-of-3; it is open afterwards. With `prf` (the
     * login passkey's PRF output) the recovery share is also sealed under it, for a recovery with no password.
     */
    async create(input: { password: string; prf?: PrfCipher.PrfOutput | undefined }): Promise<Created> {
      if (input.password.length < RecoveryCipher.minimumPasswordLength) {
        throw new RecoveryCipher.WeakRecoveryPasswordError()
      }
      const { password } = input
      const made = await make(input.prf, (recovery, addresses) =>
        RecoveryCipher.encrypt(recovery, password, bound(addresses), options.recoveryIterations),
      )
      return { ...made, recoveryShare: made.recoveryShare! }
    },

    /**
     * A new wallet whose recovery share is sealed under the login passkey's PRF output alone: that
     * passkey opens it anywhere with a touch, and a recovery password may be added later
     * (`sealRecoveryPassword`). It is open afterwards.
     */
    async createWithPasskey(input: { prf: PrfCipher.PrfOutput }): Promise<PasskeyCreated> {
      return make(input.prf)
    },

    /** Opens the wallet on a device that has its share: device + auth. */
    async unlock(input: { wrappedDeviceShare: string; authShare: string; addresses: WalletAddresses }) {
      const device = await unwrap(input.wrappedDeviceShare, input.addresses)
      const auth = Base64url.decode(input.authShare)
      keys = (await Shares.combine(device, auth, input.addresses)).keys
      recoveryShare = new Uint8Array(await Shares.thirdShareOf(device, auth))
      return keys.addresses
    },

    /**
     * Opens the wallet on a new device (or a new host site's partition, or with storage blocked):
     * auth + recovery, then the same device share as before, wrapped for this device.
     */
    async recover(
      input: {
        authShare: string
        addresses: WalletAddresses
      } & (
        | { recoveryShare: EncryptedRecoveryShare; password: string }
        /** The passkey's copy, opened with its PRF output: no password. */
        | { prfShare: PrfRecoveryShare; prf: PrfCipher.PrfOutput }
      ),
    ): Promise<{ addresses: WalletAddresses; wrappedDeviceShare: string }> {
      const auth = Base64url.decode(input.authShare)
      const recovery =
        'prf' in input
          ? await PrfCipher.decrypt(input.prfShare, input.prf, bound(input.addresses))
          : await RecoveryCipher.decrypt(input.recoveryShare, input.password, bound(input.addresses))
      keys = (await Shares.combine(auth, recovery, input.addresses)).keys
      recoveryShare = recovery
      const device = await Shares.deviceShareOf(auth, recovery)
      return {
        addresses: keys.addresses,
        wrappedDeviceShare: await wrap(new Uint8Array(device), keys.addresses),
      }
    },

    /**
     * The recovery kit of the open wallet, after the recovery password is verified as `recover` does:
     * it opens the recovery share and, combined with the auth share, rebuilds this wallet. Only the
     * kit — the entropy encrypted under that password — leaves the Worker, and only for a pass the
     * API signed for 'recovery-kit' (factorPass.ts), spent once the password is right.
     */
    async recoveryKit(input: {
      authShare: string
      recoveryShare: EncryptedRecoveryShare
      password: string
      pass: string
    }): Promise<RecoveryKit> {
      const entropy = await verifiedEntropy(input, input.password)
      await takePass(input.pass, 'recovery-kit')
      return Kit.seal({
        entropy,
        password: input.password,
        ...(options.recoveryIterations ? { iterations: options.recoveryIterations } : {}),
      })
    },

    /**
     * The recovery kit of a wallet a PRF passkey protects: the passkey's copy opens (as a recovery
     * does) and the kit is sealed under the kit secret derived from the same PRF output (kitSecret.ts),
     * which the user writes down. Only the kit and that secret leave the Worker, for a 'recovery-kit' pass.
     */
    async recoveryKitWithPasskey(input: PasskeyShares & { pass: string }): Promise<{
      kit: RecoveryKit
      kitSecret: string
    }> {
      const entropy = await entropyWithPasskey(input)
      await takePass(input.pass, 'recovery-kit')
      const kitSecret = await KitSecret.derive(input.prf.output, unlocked().addresses)
      const kit = await Kit.seal({
        entropy,
        password: kitSecret,
        protection: 'kit-secret',
        ...(options.recoveryIterations ? { iterations: options.recoveryIterations } : {}),
      })
      return { kit, kitSecret }
    },

    /**
     * The recovery share under a new recovery password, for a wallet a PRF passkey alone protected: the
     * passkey's copy is opened and checked against the auth share first, so only this wallet's share is
     * ever sealed, and only its ciphertext leaves the Worker.
     */
    async sealRecoveryPassword(input: PasskeyShares & { password: string }): Promise<EncryptedRecoveryShare> {
      const { addresses } = unlocked()
      const recovery = await PrfCipher.decrypt(input.prfShare, input.prf, bound(addresses))
      await Shares.combine(Base64url.decode(input.authShare), recovery, addresses)
      return RecoveryCipher.encrypt(recovery, input.password, bound(addresses), options.recoveryIterations)
    },

    /**
     * Serves a recovery phrase window on `port` (lib/exportWindow.ts). With `password` (the wallet has a
     * recovery password, and the API signed a pass for 'export'), the password typed there is verified as
     * `recoveryKit` does. With `passkey`, a touch in that window opens the wallet: its assertion goes to
     * the frame's page for the API's pass (the fresh factor where the user has one) and the passkey's
     * copy of the recovery share, and its PRF output, which the window hands here only, opens that copy.
     * The phrase and keys go back on the port only — never to the frame's page that called this.
     */
    async exportTo(
      port: MessagePort,
      password: PasswordExport | undefined,
      passkey?: ExportPasskey,
    ): Promise<void> {
      const { addresses } = unlocked()
      if (!password && !passkey) throw new ExportUnavailableError()
      if (password) await takePass(password.pass, 'export')
      const secretsOf = (entropy: Uint8Array) => ({ addresses, ...Keys.secretsOf(entropy) })
      ExportPort.serve(port, {
        ...(password
          ? { password: async (typed: string) => secretsOf(await verifiedEntropy(password, typed)) }
          : {}),
        ...(passkey
          ? {
              passkey: {
                options: () => passkey.options(),
                async reveal({ credential, prf }) {
                  // The output must be the asserting passkey's: the page fetches that one's copy.
                  if (credential.id !== prf.credentialId) throw new PrfCipher.PrfRecoveryFailedError()
                  const confirmed = await passkey.confirm(credential)
                  if (!confirmed.ok) throw new FrameError(confirmed.code, confirmed.message)
                  const entropy = await entropyWithPasskey({
                    authShare: confirmed.authShare,
                    prfShare: confirmed.prfShare,
                    prf: { credentialId: prf.credentialId, output: new Uint8Array(prf.output) },
                  })
                  await takePass(confirmed.pass, 'export')
                  return secretsOf(entropy)
                },
              },
            }
          : {}),
      })
    },

    /**
     * A copy of a share that opens the wallet with the auth share (`recoveryShare` above) for a passkey
     * added now, under its PRF output: that passkey then opens the wallet on a new device by itself.
     */
    async sealForPasskey(prf: PrfCipher.PrfOutput): Promise<PrfRecoveryShare | undefined> {
      const { addresses } = unlocked()
      return recoveryShare ? PrfCipher.encrypt(recoveryShare, prf, bound(addresses)) : undefined
    },

    /** The open wallet's addresses, if one is open. */
    addresses(): WalletAddresses | undefined {
      return keys?.addresses
    },

    /** Forgets the keys in memory (the shares stay where they are). */
    lock(): void {
      keys = undefined
      recoveryShare = undefined
      sessionKeys.clear()
    },

    /** Sign-out: forgets the keys and deletes the wrap and device keys, so the stored wrapped share is dead. */
    async forget(): Promise<void> {
      keys = undefined
      recoveryShare = undefined
      sessionKeys.clear()
      const keyStore = await store
      await keyStore.delete(wrapKeyName)
      await keyStore.delete(deviceKeyName)
    },

    /** What signing `payload` may move (undefined: nothing, it needs no pass): the claims its send pass must carry. */
    async spendOf(payload: Spend.Payload): Promise<PassSpend | undefined> {
      return spendOf(payload)
    },

    /** personal_sign (EIP-191) on `chain`; a message that may allow a UserOperation needs its pass. */
    async signMessage(message: SignableMessage, chain: string, pass?: string): Promise<Hex> {
      await allow({ kind: 'evm-message', chain, message }, pass)
      return unlocked().evm.signMessage({ message })
    },

    /** eth_signTypedData_v4 (EIP-712) on `chain`, with the pass what it may allow needs. */
    async signTypedData(typedData: TypedDataDefinition, chain: string, pass?: string): Promise<Hex> {
      await allow({ kind: 'evm-typed-data', chain, typedData }, pass)
      return unlocked().evm.signTypedData(typedData)
    },

    /**
     * A prepared transaction, signed and serialized (the caller sends it with eth_sendTransaction),
     * with the send pass for what it moves.
     */
    async signTransaction(transaction: TransactionSerializable, pass?: string): Promise<Hex> {
      await allow({ kind: 'evm-transaction', transaction }, pass)
      return unlocked().evm.signTransaction(transaction)
    },

    /**
     * The owner's signature of the smart account's UserOperation (EIP-191 over its hash, which the
     * Worker computes itself), with the send pass for what its calls move.
     */
    async signUserOperation(
      chainId: number,
      userOperation: UserOperation<'0.7'>,
      pass?: string,
    ): Promise<Hex> {
      // A UserOperation always has claims: their digest is the hash the owner signs.
      const { digest } = (await allow({ kind: 'user-operation', chainId, userOperation }, pass))!
      return unlocked().evm.signMessage({ message: { raw: digest as Hex } })
    },

    /** A new smart-session key (only while the wallet is open); its address is what a grant names. */
    async createSessionKey(): Promise<Address> {
      unlocked()
      const account = privateKeyToAccount(generatePrivateKey())
      sessionKeys.set(account.address.toLowerCase(), account)
      return account.address
    },

    /** The session key's EIP-191 signature of a UserOperation hash. */
    async signWithSessionKey(key: Address, hash: Hex): Promise<Hex> {
      const account = sessionKeys.get(key.toLowerCase())
      if (!account) throw new SessionKeyUnknownError()
      return account.signMessage({ message: { raw: hash } })
    },

    /** ed25519 over a Solana transaction message for `chain`, with the send pass for what it moves. */
    async signSolanaTransaction(chain: string, message: Uint8Array, pass?: string): Promise<Uint8Array> {
      await allow({ kind: 'solana-transaction', chain, message }, pass)
      return ed25519.sign(message, unlocked().solanaSecret)
    },

    /** ed25519 over an off-chain message: never bytes that read as a transaction, which would sign it unweighed. */
    async signSolanaMessage(message: Uint8Array): Promise<Uint8Array> {
      const { solanaSecret } = unlocked()
      if ((await solanaSpend()).isTransactionLike(message)) throw new MessageIsTransactionError()
      return ed25519.sign(message, solanaSecret)
    },
  }
}
