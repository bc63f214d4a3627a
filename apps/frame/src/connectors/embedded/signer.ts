// The Worker's signatures as the embedded wallet's request paths make them: each first asks the Worker
// what its payload may move, and when it may move anything, the API's send pass for exactly that (a
// fresh factor first when it is worth more than the user's threshold), which the Worker then checks
// against its own reading before it signs.
import type { PassSpend } from '@walletframe/protocol'
import type { Address, Hex, SignableMessage, TransactionSerializable, TypedDataDefinition } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { Payload } from '../../worker/spend.js'
import type { Vault } from '../../worker/Vault.js'

type Signing = Pick<
  Vault,
  | 'spendOf'
  | 'signMessage'
  | 'signTypedData'
  | 'signTransaction'
  | 'signUserOperation'
  | 'signSolanaTransaction'
  | 'signSolanaMessage'
  | 'createSessionKey'
  | 'signWithSessionKey'
>

export type Signer = {
  signMessage(message: SignableMessage, chain: string): Promise<Hex>
  signTypedData(typedData: TypedDataDefinition, chain: string): Promise<Hex>
  signTransaction(transaction: TransactionSerializable): Promise<Hex>
  signUserOperation(chainId: number, userOperation: UserOperation<'0.7'>): Promise<Hex>
  signSolanaTransaction(chain: string, message: Uint8Array): Promise<Uint8Array>
  signSolanaMessage(message: Uint8Array): Promise<Uint8Array>
  createSessionKey(): Promise<Address>
  signWithSessionKey(key: Address, hash: Hex): Promise<Hex>
}

/** `vault`'s signatures, each with the pass `sendPass` gets from the API for what it moves. */
export function create(vault: Signing, sendPass: (spend: PassSpend) => Promise<string>): Signer {
  const passFor = async (payload: Payload) => {
    const spend = await vault.spendOf(payload)
    return spend ? sendPass(spend) : undefined
  }
  return {
    signMessage: async (message, chain) =>
      vault.signMessage(message, chain, await passFor({ kind: 'evm-message', chain, message })),
    signTypedData: async (typedData, chain) =>
      vault.signTypedData(typedData, chain, await passFor({ kind: 'evm-typed-data', chain, typedData })),
    signTransaction: async (transaction) =>
      vault.signTransaction(transaction, await passFor({ kind: 'evm-transaction', transaction })),
    signUserOperation: async (chainId, userOperation) =>
      vault.signUserOperation(
        chainId,
        userOperation,
        await passFor({ kind: 'user-operation', chainId, userOperation }),
      ),
    signSolanaTransaction: async (chain, message) =>
      vault.signSolanaTransaction(
        chain,
        message,
        await passFor({ kind: 'solana-transaction', chain, message }),
      ),
    signSolanaMessage: (message) => vault.signSolanaMessage(message),
    createSessionKey: () => vault.createSessionKey(),
    signWithSessionKey: (key, hash) => vault.signWithSessionKey(key, hash),
  }
}
