// What the API learns from a signed pm_getPaymasterData answer: the operation's hash, which the
// EntryPoint's UserOperationEvent will carry once it is included, and when the paymaster's signature
// ends, after which it can no longer be included.
import type { PaymasterData, PaymasterUserOperation } from '@walletframe/protocol'
import { type Address, type Hex, hexToBigInt, hexToNumber, size, slice } from 'viem'
import { entryPoint07Address, getUserOperationHash } from 'viem/account-abstraction'

/**
 * The hash of `userOp` sent with `signed` on `chainId`. Always for EntryPoint v0.7, whatever entry
 * point the caller named: the paymasters are v0.7 ones, and a hash for another entry point would never
 * match an inclusion, so its charge would come back in full although the operation landed.
 */
export function hashOf(userOp: PaymasterUserOperation, signed: PaymasterData, chainId: number): Hex {
  const quantity = (value: string | null | undefined) => (value ? hexToBigInt(value as Hex) : 0n)
  return getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint07Address,
    entryPointVersion: '0.7',
    userOperation: {
      sender: userOp.sender as Address,
      nonce: quantity(userOp.nonce),
      ...(userOp.factory
        ? { factory: userOp.factory as Address, factoryData: userOp.factoryData as Hex }
        : {}),
      callData: userOp.callData as Hex,
      callGasLimit: quantity(userOp.callGasLimit),
      verificationGasLimit: quantity(userOp.verificationGasLimit),
      preVerificationGas: quantity(userOp.preVerificationGas),
      maxFeePerGas: quantity(userOp.maxFeePerGas),
      maxPriorityFeePerGas: quantity(userOp.maxPriorityFeePerGas),
      paymaster: signed.paymaster as Address,
      paymasterVerificationGasLimit: quantity(userOp.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: quantity(userOp.paymasterPostOpGasLimit),
      paymasterData: signed.paymasterData as Hex,
      // The signature is not part of the hash.
      signature: '0x',
    },
  })
}

/**
 * When the signature in `paymasterData` ends, in the verifying paymaster's layout (validUntil, 6
 * bytes | validAfter, 6 bytes | signature); undefined when it has no end (validUntil 0, as ERC-4337
 * reads it) or the data is too short to hold one.
 */
export function validUntilOf(paymasterData: Hex): Date | undefined {
  if (size(paymasterData) < 12) return undefined
  const seconds = hexToNumber(slice(paymasterData, 0, 6))
  return seconds === 0 ? undefined : new Date(seconds * 1000)
}
