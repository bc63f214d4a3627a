// The embedded wallet's ERC-4337 smart account (account type smartAccount): a Solady ERC4337 account
// (EntryPoint v0.7) owned by the wallet's EVM key, at the counterfactual address the network's
// factory derives from that owner. viem builds and signs its UserOperations; the owner is a viem
// account whose every signature comes from the Worker, so no key reaches this thread. Loaded with
// the first EVM call of a smart account, never in the boot chunk.
import type { ChainNetwork } from '@walletframe/protocol'
import {
  type Address,
  type Hex,
  http,
  type PublicClient,
  pad,
  type SignableMessage,
  type TypedDataDefinition,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  entryPoint07Address,
  type PaymasterClient,
  type SmartAccount,
  toSoladySmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { publicClient } from '../../chains/eip155/client.js'
import { FrameError } from '../../lib/errors.js'
import type { Signer } from './signer.js'
import { isAvailable } from './smartAccountSupport.js'

/** What the smart account needs of the Worker: its owner's signatures. */
export type OwnerSigner = Pick<Signer, 'signMessage' | 'signTypedData' | 'signUserOperation'>

export class SmartAccountUnavailableError extends FrameError {
  override name = 'SmartAccountUnavailableError'
  constructor(network: string) {
    super('SMART_ACCOUNT_UNAVAILABLE', `Smart accounts are not available on ${network}`)
  }
}

/**
 * The factory salt of `owner`'s account: the owner's address in the upper 160 bits (the factory
 * takes no other, so nobody else can deploy this address), zeros after it.
 */
export function ownerSalt(owner: Address): Hex {
  return pad(owner, { dir: 'right', size: 32 })
}

/** The owner as viem sees it on `chain`: an address whose signatures the Worker makes. */
export function ownerAccount(owner: Address, signer: OwnerSigner, chain: string) {
  return toAccount({
    address: owner,
    signMessage: ({ message }: { message: SignableMessage }) => signer.signMessage(message, chain),
    signTypedData: (typedData) => signer.signTypedData(typedData as TypedDataDefinition, chain),
    signTransaction: () => {
      // The owner signs for its smart account; transactions of the EOA go through evmRequests.
      throw new FrameError('OWNER_SIGNS_NO_TRANSACTIONS', 'The smart account owner signs no transactions')
    },
  })
}

/** The v0.7 fields of a prepared UserOperation, and nothing else the Worker could not take. */
function userOperationOf(
  sender: Address,
  operation: { [K in keyof UserOperation<'0.7'>]?: UserOperation<'0.7'>[K] | undefined },
): UserOperation<'0.7'> {
  const {
    nonce,
    factory,
    factoryData,
    callData,
    callGasLimit,
    verificationGasLimit,
    preVerificationGas,
    maxFeePerGas,
    maxPriorityFeePerGas,
    paymaster,
    paymasterVerificationGasLimit,
    paymasterPostOpGasLimit,
    paymasterData,
  } = operation
  return {
    sender,
    nonce: nonce ?? 0n,
    callData: callData ?? '0x',
    callGasLimit: callGasLimit ?? 0n,
    verificationGasLimit: verificationGasLimit ?? 0n,
    preVerificationGas: preVerificationGas ?? 0n,
    maxFeePerGas: maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: maxPriorityFeePerGas ?? 0n,
    signature: '0x',
    ...(factory ? { factory, factoryData: factoryData ?? '0x' } : {}),
    ...(paymaster
      ? {
          paymaster,
          paymasterVerificationGasLimit: paymasterVerificationGasLimit ?? 0n,
          paymasterPostOpGasLimit: paymasterPostOpGasLimit ?? 0n,
          paymasterData: paymasterData ?? '0x',
        }
      : {}),
  }
}

export type Handle = {
  readonly account: SmartAccount
  readonly bundler: BundlerClient
  readonly client: PublicClient
  /**
   * The project's ERC-7677 paymaster: the bundler URL's pm_ methods, which the API answers under the
   * project's sponsorship policy. Passed per operation: an operation the policy refuses goes without
   * it, paid by the account.
   */
  readonly paymaster: PaymasterClient
}

// One account per owner and network: the address is read from the factory once, and viem's account
// remembers once it is deployed. Its client is the network's shared one.
const handles = new Map<string, Promise<Handle>>()

/** The owner's smart account on `network`, with the bundler client that sends its UserOperations. */
export function handle(network: ChainNetwork, owner: Address, signer: OwnerSigner): Promise<Handle> {
  const name = network.name
  if (!isAvailable(network)) return Promise.reject(new SmartAccountUnavailableError(name))
  const key = `${network.caipNetworkId}:${owner.toLowerCase()}`
  let found = handles.get(key)
  if (!found) {
    found = (async () => {
      const client = publicClient(network)
      const account = await toSoladySmartAccount({
        client,
        owner: ownerAccount(owner, signer, network.caipNetworkId),
        factoryAddress: network.contracts.smartAccountFactory as Address,
        salt: ownerSalt(owner),
        entryPoint: { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
      })
      // The Worker hashes a UserOperation itself and reads its calls, so it signs what it weighed.
      account.signUserOperation = async ({ chainId = Number(network.id), ...operation }) =>
        signer.signUserOperation(chainId, userOperationOf(account.address, operation))
      const bundler = createBundlerClient({
        account,
        client,
        transport: http(network.bundlerUrl, { retryCount: 0, timeout: 30_000 }),
      })
      const paymaster = createPaymasterClient({
        transport: http(network.bundlerUrl, { retryCount: 0, timeout: 30_000 }),
      })
      return { account, bundler, client, paymaster }
    })()
    // A failed lookup (API away) is tried again on the next call.
    found.catch(() => handles.delete(key))
    handles.set(key, found)
  }
  return found
}

/** The counterfactual (or deployed) address of `owner`'s smart account on `network`. */
export async function addressOf(
  network: ChainNetwork,
  owner: Address,
  signer: OwnerSigner,
): Promise<Address> {
  return (await handle(network, owner, signer)).account.address
}
