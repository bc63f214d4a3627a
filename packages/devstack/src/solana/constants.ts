// Identity of the local Solana cluster. It reports devnet's genesis hash so CAIP-2 ids built from it
// (solana:<first 32 chars of the genesis hash>) match what wallets use for devnet.
export const genesisHash = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
export const caipNetworkId = `solana:${genesisHash.slice(0, 32)}` as const
export const networkName = 'Solana Devnet (local)'

/** The agave version this RPC imitates in getVersion; web3.js only reads the fields. */
export const solanaCoreVersion = '2.2.0'

/** Base fee per signature, as on every Solana cluster. */
export const lamportsPerSignature = 5000

/** A blockhash stays usable for this many blocks, as on mainnet. */
export const blockhashValidBlocks = 150

export const programIds = {
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbd2qULK5CQPYiTKEkKPKhCuvNNq6HWcPbz5',
} as const
