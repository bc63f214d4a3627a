// Deterministic test accounts: the standard test mnemonic for EVM (anvil prefunds the same keys) and
// Solana keys derived from it the way Phantom and Solflare do, so one phrase imports everywhere.
import { mnemonicToSeedSync } from '@scure/bip39'
import { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { bytesToHex, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

export const testMnemonic = 'test test test test test test test test test test test junk'

/** How many accounts of each kind the chains file lists. */
export const accountCount = 10

export type EvmTestAccount = { address: Hex; privateKey: Hex }

/** EVM account `index` of the test mnemonic (m/44'/60'/0'/0/index), as anvil derives it. */
export function evmAccount(index: number): EvmTestAccount {
  const account = mnemonicToAccount(testMnemonic, { addressIndex: index })
  const privateKey = account.getHdKey().privateKey
  if (!privateKey) throw new Error(`No private key at index ${index}`)
  return { address: account.address, privateKey: bytesToHex(privateKey) }
}

let seedCache: Uint8Array | undefined

/** Solana keypair `index` of the test mnemonic at m/44'/501'/index'/0'. */
export function solanaKeypair(index: number): Keypair {
  seedCache ??= mnemonicToSeedSync(testMnemonic)
  return Keypair.fromSeed(Slip10.fromMasterSeed(seedCache).derive(`m/44'/501'/${index}'/0'`).privateKey)
}

export function solanaAccount(index: number): { address: string; secretKey: string } {
  const keypair = solanaKeypair(index)
  return { address: keypair.publicKey.toBase58(), secretKey: bs58.encode(keypair.secretKey) }
}
