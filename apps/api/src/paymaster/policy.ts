// A project's gas sponsorship policy applied to one UserOperation: on or off, the contracts its calls
// may reach (and, where the policy says so, the account's own smart-session grants and revocations),
// and what it may cost at most, which is what the budget is charged.
import {
  type PaymasterUserOperation,
  type SponsorshipPolicy,
  SponsorshipRefusedError,
  smartSessionsAbi,
  sponsorshipRefusals,
} from '@walletframe/protocol'
import {
  type Address,
  decodeFunctionData,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  parseAbi,
  slice,
  toFunctionSelector,
} from 'viem'

/**
 * The smart account's call entry points (Solady's ERC4337, the embedded wallet's account): one call,
 * or a batch. Any other callData is unreadable here, so a policy with allowed contracts refuses it.
 */
const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** One call an operation makes from the account. */
type Call = { target: Address; value: bigint; data: Hex }

/** The calls `callData` makes, or undefined when it is not one of the account's entry points. */
export function callsOf(callData: Hex): Call[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: accountAbi, data: callData })
    if (decoded.functionName === 'execute') {
      const [target, value, data] = decoded.args
      return [{ target, value, data }]
    }
    return decoded.args[0].map((call) => ({ ...call }))
  } catch {
    return undefined
  }
}

/** The account's own session functions a policy with `sessionGrants` sponsors. */
const sessionSelectors: ReadonlySet<Hex> = new Set(
  smartSessionsAbi
    .filter((item) => item.type === 'function')
    .filter((item) => item.name === 'grantSession' || item.name === 'revokeSession')
    .map((item) => toFunctionSelector(item)),
)

/**
 * Whether `call` is the account granting or revoking one of its own smart sessions: to the
 * operation's sender itself (another account's grant is another account's business), no value, and
 * the call data one of the two functions in full (a selector alone could front any other data).
 */
function isOwnSessionGrant(call: Call, sender: Address): boolean {
  if (!isAddressEqual(call.target, sender) || call.value !== 0n) return false
  if (!sessionSelectors.has(slice(call.data, 0, 4) as Hex)) return false
  try {
    decodeFunctionData({ abi: smartSessionsAbi, data: call.data })
    return true
  } catch {
    return false
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
  const calls = callsOf(userOp.callData as Hex)
  if (!calls) throw new SponsorshipRefusedError(sponsorshipRefusals.unreadableCalls)
  const allowed = new Set(policy.allowedContracts.map((address) => address.toLowerCase()))
  const sender = userOp.sender as Address
  const outside = calls.find(
    (call) =>
      !allowed.has(call.target.toLowerCase()) &&
      !(policy.sessionGrants === true && isOwnSessionGrant(call, sender)),
  )
  if (outside) throw new SponsorshipRefusedError(sponsorshipRefusals.targetNotAllowed, outside.target)
}
