// The embedded wallet's EIP-1193 calls for its smart account: signatures are the account's ERC-1271
// ones (ERC-7739 over the owner's signature), wrapped in ERC-6492 while the account is not deployed,
// so viem's verifyMessage / verifyTypedData accept them either way; eth_sendTransaction goes as a
// UserOperation through the bundler (the first one deploys the account), its gas paid by the project's
// paymaster when the project sponsors it, and answers with the hash of the transaction that carried it. Reads go where the EOA's go.
import {
  type ChainNetwork,
  InternalRpcError,
  InvalidParamsError,
  UnauthorizedError,
} from '@walletframe/protocol'
import { type Address, type Hex, isHex, type TypedDataDefinition } from 'viem'
import * as EvmRequests from './evmRequests.js'
import type { Signer } from './signer.js'
import * as SmartAccount from './smartAccount.js'

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])

const quantity = (value: unknown): bigint | undefined =>
  typeof value === 'string' && isHex(value) ? BigInt(value) : undefined

function own(address: string, candidate: unknown) {
  if (typeof candidate !== 'string' || candidate.toLowerCase() !== address.toLowerCase())
    throw new UnauthorizedError(`The embedded wallet signs for ${address} only`)
}

/** The call's answer; `deployed` once a UserOperation landed (the first one deploys the account). */
export type Result = { result: unknown; deployed?: boolean }

export async function request(
  signer: Pick<Signer, 'signMessage' | 'signTypedData' | 'signTransaction' | 'signUserOperation'>,
  owner: Address,
  network: ChainNetwork,
  method: string,
  params: unknown,
  /** The project's paymaster pays a transaction's gas (its policy took it before the user was asked). */
  sponsored = false,
): Promise<Result> {
  const { account, bundler, paymaster } = await SmartAccount.handle(network, owner, signer)
  const address = account.address
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return { result: [address] }
    case 'personal_sign': {
      const [message, from] = list(params)
      own(address, from)
      if (typeof message !== 'string') throw new InvalidParamsError('personal_sign takes [message, address]')
      // A 0x string is bytes (what dapps and viem send); anything else is UTF-8 text.
      return { result: await account.signMessage({ message: isHex(message) ? { raw: message } : message }) }
    }
    case 'eth_signTypedData_v4': {
      const [from, data] = list(params)
      own(address, from)
      const typedData = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition & {
        types: Record<string, unknown>
      }
      if (typeof typedData !== 'object' || typedData === null)
        throw new InvalidParamsError('eth_signTypedData_v4 takes [address, typedData]')
      const { EIP712Domain: _, ...types } = typedData.types
      return { result: await account.signTypedData({ ...typedData, types } as TypedDataDefinition) }
    }
    case 'eth_sendTransaction': {
      const [tx] = list(params) as [Record<string, unknown> | undefined]
      if (!tx) throw new InvalidParamsError('eth_sendTransaction takes [transaction]')
      if (tx.from !== undefined) own(address, tx.from)
      if (typeof tx.to !== 'string')
        throw new InvalidParamsError('A smart account sends calls: `to` is required')
      const value = quantity(tx.value)
      const hash = await bundler.sendUserOperation({
        calls: [
          {
            to: tx.to as Address,
            ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : {}),
            ...(value !== undefined ? { value } : {}),
          },
        ],
        ...(sponsored ? { paymaster } : {}),
      })
      const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 })
      if (!receipt.success)
        throw new InternalRpcError(receipt.reason ?? 'The UserOperation reverted on chain', {
          userOpHash: hash,
          transactionHash: receipt.receipt.transactionHash,
        })
      return { result: receipt.receipt.transactionHash, deployed: true }
    }
    default:
      // Reads (and refusals) are the same for both accounts.
      return { result: await EvmRequests.request(signer, address, network, method, params) }
  }
}
