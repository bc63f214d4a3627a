// Solana over @solana/web3.js: reads go to the network's JSON-RPC endpoint.

import { Connection, PublicKey } from '@solana/web3.js'
import type { ChainNetwork } from '@walletframe/protocol'
import type { Chain } from '../Chain.js'
import * as Send from './send.js'
import { prepareSignIn } from './signIn.js'

const connections = new Map<string, Connection>()

function connection(network: ChainNetwork): Connection {
  const url = network.rpcUrls.default.http[0] as string
  let found = connections.get(url)
  if (!found) {
    found = new Connection(url, { commitment: 'confirmed', disableRetryOnRateLimit: true })
    connections.set(url, found)
  }
  return found
}

export const chain: Chain = {
  nativeBalance: async (network, address) =>
    BigInt(await connection(network).getBalance(new PublicKey(address))),
  isAddress: Send.isAddress,
  transferFee: (network, transfer) => Send.transferFee(connection(network), transfer),
  prepareTransfer: (network, transfer) => Send.prepareTransfer(connection(network), transfer),
  prepareSignIn,
}
