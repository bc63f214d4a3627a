// The wallet's keys from its 16 bytes of entropy: BIP-39 mnemonic -> seed -> the EVM key at
// m/44'/60'/0'/0/0 (BIP-32, secp256k1) and the Solana key at m/44'/501'/0'/0' (SLIP-0010, ed25519),
// the paths every mainstream wallet uses, so the mnemonic opens the same accounts elsewhere. Pure: the
// frame's Worker and the offline command derive with this one module, so they cannot drift apart.
import { ed25519 } from '@noble/curves/ed25519'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { recoveryKitPaths, type WalletAddresses } from '@walletframe/protocol'
import bs58 from 'bs58'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { bytesToHex, type Hex } from 'viem'
import { HDKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

export const evmPath = recoveryKitPaths.eip155
export const solanaPath = recoveryKitPaths.solana

export type Keys = {
  evm: PrivateKeyAccount
  /** The ed25519 private key (32-byte seed). */
  solanaSecret: Uint8Array
  addresses: WalletAddresses
}

/** What export shows: the phrase, and each key in the form wallets import. */
export type Secrets = {
  mnemonic: string
  evmPrivateKey: Hex
  /** base58 of the 64 bytes seed || public key (the form Solana wallets import). */
  solanaSecretKey: string
}

function derive(entropy: Uint8Array) {
  if (entropy.length !== 16) throw new Error('The wallet entropy is 16 bytes')
  const mnemonic = entropyToMnemonic(entropy, wordlist)
  const seed = mnemonicToSeedSync(mnemonic)
  const evmKey = HDKey.fromMasterSeed(seed).derive(evmPath).privateKey
  if (!evmKey) throw new Error('BIP-32 derivation gave no private key')
  // SLIP-0010 for ed25519 has hardened children only, which is why every segment of the path is.
  const solanaSecret = Slip10.fromMasterSeed(seed).derive(solanaPath).privateKey
  return {
    mnemonic,
    evmKey: bytesToHex(evmKey),
    solanaSecret,
    solanaPublic: ed25519.getPublicKey(solanaSecret),
  }
}

export function fromEntropy(entropy: Uint8Array): Keys {
  const { evmKey, solanaSecret, solanaPublic } = derive(entropy)
  const evm = privateKeyToAccount(evmKey)
  return { evm, solanaSecret, addresses: { eip155: evm.address, solana: bs58.encode(solanaPublic) } }
}

export function secretsOf(entropy: Uint8Array): Secrets {
  const { mnemonic, evmKey, solanaSecret, solanaPublic } = derive(entropy)
  const pair = new Uint8Array(64)
  pair.set(solanaSecret)
  pair.set(solanaPublic, 32)
  return { mnemonic, evmPrivateKey: evmKey, solanaSecretKey: bs58.encode(pair) }
}

/** Same accounts: EVM compared case-insensitively (checksums), Solana exactly. */
export function sameAddresses(a: WalletAddresses, b: WalletAddresses): boolean {
  return a.eip155.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}
