// EVM chains over viem: reads go to the network's JSON-RPC endpoint (the API's proxy by default).
import type { ChainNetwork } from '@walletframe/protocol'
import { getAddress } from 'viem'
import { type Chain, TransferFailedError } from '../Chain.js'
import * as Call from './call.js'
import { publicClient as client } from './client.js'
import * as Send from './send.js'
import { prepareSignIn } from './signIn.js'

export const chain: Chain = {
  nativeBalance: (network, address) => client(network).getBalance({ address: getAddress(address) }),
  isAddress: Send.isAddress,
  async transferFee(network, transfer, gasPrice) {
    if (gasPrice === undefined) throw new TransferFailedError('An EVM transfer fee needs a gas price')
    return Send.transferFee(client(network), transfer, gasPrice)
  },
  prepareTransfer: async (network, transfer) => Send.prepareTransfer(client(network), transfer),
  prepareSignIn,
}

/** Contract calls the API built (swaps, approvals): EVM only, so outside the Chain contract. */
export const calls = {
  prepare: async (network: ChainNetwork, from: string, call: Call.Call) =>
    Call.prepareCall(client(network), from, call),
}
