// One local Solana cluster: ledger, seeded state and its RPC endpoints, described as a chains-file network.
import type { ChainNetwork } from '@walletframe/protocol/chains'
import { accountCount, solanaKeypair } from '../accounts.js'
import { caipNetworkId, genesisHash, networkName } from './constants.js'
import * as Fixtures from './fixtures.js'
import { Ledger } from './Ledger.js'
import * as RpcServer from './RpcServer.js'

export const solPriceUsd = 150

export type Cluster = { ledger: Ledger; network: ChainNetwork; stop(): Promise<void> }

export async function start(): Promise<Cluster> {
  const ledger = new Ledger()
  const keys = Array.from({ length: accountCount }, (_, index) => solanaKeypair(index))
  const { usdcMint } = Fixtures.seed(ledger, keys)
  const server = await RpcServer.start(ledger)
  return {
    ledger,
    network: {
      caipNetworkId,
      chainNamespace: 'solana',
      id: genesisHash.slice(0, 32),
      name: networkName,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      nativePriceUsd: solPriceUsd,
      rpcUrls: { default: { http: [server.httpUrl], webSocket: [server.wsUrl] } },
      testnet: true,
      // It answers with devnet's genesis hash (constants.ts), and it runs here: a dapp whose
      // Connection points at it names it `solana:localnet`.
      localnet: true,
      contracts: {
        tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        associatedTokenProgram: 'ATokenGPvbd2qULK5CQPYiTKEkKPKhCuvNNq6HWcPbz5',
        usdcMint,
      },
      tokens: [{ address: usdcMint, ...Fixtures.usdc }],
      nfts: [],
    },
    stop: () => server.stop(),
  }
}
