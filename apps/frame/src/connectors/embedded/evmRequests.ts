// The embedded wallet's EIP-1193 calls on EVM networks: signing in the Worker (personal_sign,
// eth_signTypedData_v4, eth_sendTransaction signed there and sent raw), everything else a read
// forwarded to the network's JSON-RPC endpoint.
import {
  type ChainNetwork,
  gasLimitFor,
  InvalidParamsError,
  UnauthorizedError,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import { type Hex, isHex, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import { publicClient as client } from '../../chains/eip155/client.js'
import type { Signer } from './signer.js'

type EvmSigner = Pick<Signer, 'signMessage' | 'signTypedData' | 'signTransaction'>

/** Calls that only read; the rest of eth_* that is not signing is refused. */
const reads =
  /^(eth_(blockNumber|call|estimateGas|feeHistory|gasPrice|get\w+|maxPriorityFeePerGas|syncing)|net_version|web3_clientVersion)$/

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])

function own(address: string, candidate: unknown) {
  if (typeof candidate !== 'string' || candidate.toLowerCase() !== address.toLowerCase())
    throw new UnauthorizedError(`The embedded wallet signs for ${address} only`)
}

const quantity = (value: unknown): bigint | undefined =>
  typeof value === 'string' && isHex(value) ? BigInt(value) : undefined

export async function request(
  signer: EvmSigner,
  address: Hex,
  network: ChainNetwork,
  method: string,
  params: unknown,
): Promise<unknown> {
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [address]
    case 'eth_chainId':
      return `0x${Number(network.id).toString(16)}`
    case 'personal_sign': {
      const [message, from] = list(params)
      own(address, from)
      if (typeof message !== 'string') throw new InvalidParamsError('personal_sign takes [message, address]')
      // A 0x string is bytes (what dapps and viem send); anything else is UTF-8 text.
      return signer.signMessage(isHex(message) ? { raw: message } : message, network.caipNetworkId)
    }
    case 'eth_signTypedData_v4': {
      const [from, data] = list(params)
      own(address, from)
      const typedData = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition & {
        types: Record<string, unknown>
      }
      if (typeof typedData !== 'object' || typedData === null)
        throw new InvalidParamsError('eth_signTypedData_v4 takes [address, typedData]')
      // EIP712Domain is implied by `domain`; viem refuses it among the types.
      const { EIP712Domain: _, ...types } = typedData.types
      return signer.signTypedData({ ...typedData, types } as TypedDataDefinition, network.caipNetworkId)
    }
    case 'eth_sendTransaction': {
      const [tx] = list(params) as [Record<string, unknown> | undefined]
      if (!tx) throw new InvalidParamsError('eth_sendTransaction takes [transaction]')
      if (tx.from !== undefined) own(address, tx.from)
      const rpc = client(network)
      const value = quantity(tx.value)
      const call = {
        account: address,
        ...(typeof tx.to === 'string' ? { to: tx.to as Hex } : {}),
        ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : {}),
        ...(value !== undefined ? { value } : {}),
      }
      // A limit the dapp chose is signed as it is; one the wallet estimates gets its margin.
      const gas = quantity(tx.gas) ?? gasLimitFor(await rpc.estimateGas(call))
      const prepared = await rpc.prepareTransactionRequest({ ...call, chain: null, gas })
      const {
        account: _account,
        from: _from,
        ...serializable
      } = prepared as typeof prepared & { from?: unknown }
      const transaction = { ...serializable, chainId: Number(network.id) } as TransactionSerializable
      const signed = await signer.signTransaction(transaction)
      return rpc.sendRawTransaction({ serializedTransaction: signed })
    }
    default:
      if (reads.test(method)) {
        return client(network).request({ method, params } as never)
      }
      throw new UnsupportedMethodError(method)
  }
}
