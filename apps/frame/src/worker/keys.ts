// The wallet's keys from its 16 bytes of entropy: BIP-39 mnemonic -> seed -> the EVM key at
// m/44'/60'/0'/0/0 (BIP-32, secp256k1) and the Solana key at m/44'/501'/0'/0' (SLIP-0010, ed25519),
// the paths every mainstream wallet uses, so the mnemonic opens the same accounts elsewhere.
import { ed25519 } from '@noble/curves/ed25519'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import type { WalletAddresses } from '@walletframe/protocol'
import bs58 from 'bs58'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { bytesToHex } from 'viem'
import { HDKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

export const evmPath = "m/44'/60'/0'/0/0"
export const solanaPath = "m/44'/501'/0'/0'"

export type Keys = {
  evm: PrivateKeyAccount
  /** The ed25519 private key (32-byte seed). */
  solanaSecret: Uint8Array
  addresses: WalletAddresses
}

export function fromEntropy(entropy: Uint8Array): Keys {
  if (entropy.length !== 16) throw new Error('The wallet entropy is 16 bytes')
  const seed = mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))
  const evmKey = HDKey.fromMasterSeed(seed).derive(evmPath).privateKey
  if (!evmKey) throw new Error('BIP-32 derivation gave no private key')
  const evm = privateKeyToAccount(bytesToHex(evmKey))
  // SLIP-0010 for ed25519 has hardened children only, which is why every segment of the path is.
  const solanaSecret = Slip10.fromMasterSeed(seed).derive(solanaPath).privateKey
  const solana = bs58.encode(ed25519.getPublicKey(solanaSecret))
  return { evm, solanaSecret, addresses: { eip155: evm.address, solana } }
}

/** Same accounts: EVM compared case-insensitively (checksums), Solana exactly. */
export function sameAddresses(a: WalletAddresses, b: WalletAddresses): boolean {
  return a.eip155.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}
