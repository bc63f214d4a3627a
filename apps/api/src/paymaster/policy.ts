// A project's gas sponsorship policy applied to one UserOperation: on or off, the contracts its calls
// may reach, and what it may cost at most, which is what the budget is charged.
import {
  type PaymasterUserOperation,
  type SponsorshipPolicy,
  SponsorshipRefusedError,
  sponsorshipRefusals,
} from '@walletframe/protocol'
import { type Address, decodeFunctionData, type Hex, hexToBigInt, parseAbi } from 'viem'

/**
 * The smart account's call entry points (Solady's ERC4337, the embedded wallet's account): one call,
 * or a batch. Any other callData is unreadable here, so a policy with allowed contracts refuses it.
 */
const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** The contracts `callData` calls, or undefined when it is not one of the account's entry points. */
export function targetsOf(callData: Hex): Address[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: accountAbi, data: callData })
    if (decoded.functionName === 'execute') return [decoded.args[0]]
    return decoded.args[0].map((call) => call.target)
  } catch {
    return undefined
  }
}

/**
 * The most the paymaster can pay for `userOp`: every gas limit at the highest fee it offers. What the
 * budget is charged when the paymaster signs, since the signature commits the paymaster to that much.
 */
export function maxCostWei(userOp: PaymasterUserOperation): bigint {
  const quantity = (value: string | null | undefined) => (value ? hexToBigInt(value as Hex) : 0n)
  const gas =
    quantity(userOp.callGasLimit) +
    quantity(userOp.verificationGasLimit) +
    quantity(userOp.preVerificationGas) +
    quantity(userOp.paymasterVerificationGasLimit) +
    quantity(userOp.paymasterPostOpGasLimit)
  return gas * quantity(userOp.maxFeePerGas)
}

/** Throws SponsorshipRefusedError unless `policy` sponsors `userOp` (the budget is checked apart). */
export function check(policy: SponsorshipPolicy | null | undefined, userOp: PaymasterUserOperation): void {
  if (!policy?.enabled) throw new SponsorshipRefusedError(sponsorshipRefusals.disabled)
  if (!policy.allowedContracts) return
  const targets = targetsOf(userOp.callData as Hex)
  if (!targets) throw new SponsorshipRefusedError(sponsorshipRefusals.unreadableCalls)
  const allowed = new Set(policy.allowedContracts.map((address) => address.toLowerCase()))
  const outside = targets.find((target) => !allowed.has(target.toLowerCase()))
  if (outside) throw new SponsorshipRefusedError(sponsorshipRefusals.targetNotAllowed, outside)
}
