// viem clients on one of the devstack's EVM chains, for the tests that make transfers and blocks there
// themselves: reading the chain, mining (anvil's test actions) and sending from the chains file's accounts.
import type { ChainsFile } from '@walletframe/protocol/chains'
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

export type DevnetClients = {
  network: ChainsFile['networks'][number]
  public: PublicClient
  /** anvil's test actions (mine, snapshot, …). */
  test: TestClient<'anvil', Transport, Chain>
  /** A wallet client of the chains file's EVM account `index`. */
  wallet(index: number): WalletClient<Transport, Chain, PrivateKeyAccount>
  /** The chains file's EVM account `index`. */
  account(index: number): PrivateKeyAccount
}

/** The clients on the network `chainId` (CAIP-2) of `chainsFile`, over its RPC URL. */
export function devnetClients(chainsFile: ChainsFile, chainId: string): DevnetClients {
  const network = chainsFile.networks.find((candidate) => candidate.caipNetworkId === chainId)
  if (!network) throw new Error(`The chains file has no network ${chainId}`)
  const url = network.rpcUrls.default.http[0]!
  const chain = defineChain({
    id: Number(network.id),
    name: 'local',
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [url] } },
  })
  const account = (index: number) => privateKeyToAccount(chainsFile.accounts.evm[index]!.privateKey as Hex)
  return {
    network,
    public: createPublicClient({ chain, transport: http(url) }),
    test: createTestClient({ chain, mode: 'anvil', transport: http(url) }),
    wallet: (index: number) => createWalletClient({ account: account(index), chain, transport: http(url) }),
    account,
  }
}
