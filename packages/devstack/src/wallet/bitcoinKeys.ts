// The test wallet's Bitcoin accounts: one native segwit (P2WPKH) key per network, derived from the
// devstack mnemonic by BIP-84. The account's identifier is its first external address, as
// WalletConnect Bitcoin wallets connect it: m/84'/0'/N'/0/0 on mainnet, m/84'/1'/N'/0/0 on the
// test networks (coin type 1 for every testnet, per SLIP-44).
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import * as btc from '@scure/btc-signer'

type BitcoinNetwork = typeof btc.NETWORK

/** CAIP-2 id of Bitcoin mainnet (its genesis block hash, first 32 hex digits). */
export const bitcoinMainnet = 'bip122:000000000019d6689c085ae165831e93'

/** The networks the wallet has a Bitcoin account on: CAIP-2 id -> address format and coin type. */
export const bitcoinChains: Readonly<Record<string, { network: BitcoinNetwork; coinType: 0 | 1 }>> = {
  [bitcoinMainnet]: { network: btc.NETWORK, coinType: 0 },
  // Testnet3, testnet4 and signet share the testnet address format.
  'bip122:000000000933ea01ad0ee984209779ba': { network: btc.TEST_NETWORK, coinType: 1 },
  'bip122:00000000da84f2bafbbc53dee25a72ae': { network: btc.TEST_NETWORK, coinType: 1 },
  'bip122:00000008819873e925422c1ff0f99f7c': { network: btc.TEST_NETWORK, coinType: 1 },
  // Regtest: a local node's chain, with its own address prefix.
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': {
    network: { ...btc.TEST_NETWORK, bech32: 'bcrt' },
    coinType: 1,
  },
}

/** One network's account: the key, its address and what signs for it. */
export type BitcoinAccount = {
  /** CAIP-2 id of the network. */
  readonly chainId: string
  readonly network: BitcoinNetwork
  /** The derivation path of the key (BIP-84, first external address). */
  readonly path: string
  readonly address: string
  /** The compressed public key (33 bytes). */
  readonly publicKey: Uint8Array
  readonly privateKey: Uint8Array
  /** The P2WPKH output script paying this address. */
  readonly script: Uint8Array
}

/** The wallet's account on every network of `bitcoinChains`, by CAIP-2 id. */
export function accounts(mnemonic: string, accountIndex: number): Record<string, BitcoinAccount> {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  return Object.fromEntries(
    Object.entries(bitcoinChains).map(([chainId, { network, coinType }]) => {
      const path = `m/84'/${coinType}'/${accountIndex}'/0/0`
      const key = root.derive(path)
      if (!key.privateKey || !key.publicKey) throw new Error(`No key at ${path}`)
      const payment = btc.p2wpkh(key.publicKey, network)
      const account: BitcoinAccount = {
        chainId,
        network,
        path,
        address: payment.address as string,
        publicKey: key.publicKey,
        privateKey: key.privateKey,
        script: payment.script,
      }
      return [chainId, account]
    }),
  )
}
