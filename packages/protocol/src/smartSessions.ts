// Smart sessions (ERC-7715): the parameters of wallet_grantPermissions and wallet_revokePermissions
// as a dapp sends them (viem's experimental `grantPermissions` writes this shape), the permission and
// policy types the embedded smart account enforces, and the account's session interface: the calls
// the owner makes to grant and revoke, and the signature a session key's UserOperation carries.
import { type Address, concatHex, type Hex, numberToHex, pad, parseAbi } from 'viem'
import { evmAddressPattern } from './address.js'
import { looseObject } from './internal/looseObject.js'
import { tuple } from './internal/tuple.js'
import * as z from './internal/zod.js'

const address = (message: string) => z.string().check(z.regex(evmAddressPattern, message))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex quantity (0x…)'))

/** A policy narrowing a permission; `token-allowance` is the amount (hex wei) it may move per period. */
export const PermissionPolicy = z.object({ type: z.string(), data: z.optional(z.unknown()) })

/** One permission asked for; `required: false` lets the wallet grant the rest without it. */
export const RequestedPermission = z.object({
  type: z.string().check(z.minLength(1, 'A permission needs a type')),
  data: z.unknown(),
  policies: z.array(PermissionPolicy),
  required: z.optional(z.boolean()),
})
export type RequestedPermission = z.infer<typeof RequestedPermission>

/** The one parameter of wallet_grantPermissions. */
export const GrantPermissionsRequest = z.object({
  chainId: z.optional(quantity),
  address: z.optional(address('Invalid "address"')),
  /** Unix seconds when the grant ends. */
  expiry: z.int('"expiry" must be a time in seconds').check(z.positive('"expiry" must be in the future')),
  signer: z.optional(z.object({ type: z.string(), data: z.optional(z.unknown()) })),
  permissions: z.array(RequestedPermission).check(z.minLength(1, 'Ask for at least one permission')),
})
export type GrantPermissionsRequest = z.infer<typeof GrantPermissionsRequest>
export const GrantPermissionsParams = tuple([GrantPermissionsRequest])

/** `[{ permissionsContext }]`: the grant to end, as wallet_grantPermissions answered it. */
export const RevokePermissionsParams = tuple([
  z.object({
    permissionsContext: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Unknown permissionsContext')),
  }),
])

/** The permission types the account enforces, and their data. */
export const NativeTokenTransferData = z.object({ ticker: z.optional(z.string()) })
export const Erc20TokenTransferData = z.object({
  address: address('An erc20-token-transfer permission needs the token "address"'),
  ticker: z.optional(z.string()),
})
export const ContractCallData = z.object({
  address: address('A contract-call permission needs the contract "address"'),
  /** Function signatures, e.g. "transfer(address,uint256)". */
  calls: z.array(z.string()).check(z.minLength(1, 'A contract-call permission lists its "calls"')),
})
export const TokenAllowanceData = z.object({ allowance: quantity })
/** How long a spend period lasts (seconds); without one, allowances hold for the whole grant. */
export const SpendPeriodData = z.object({ seconds: z.int().check(z.positive()) })

/** What wallet_getCapabilities reports as `permissions` where the account enforces them. */
export const supportedPermissions = {
  permissionTypes: ['native-token-transfer', 'erc20-token-transfer', 'contract-call'],
  policyTypes: ['token-allowance', 'spend-period'],
  signerTypes: ['wallet'],
} as const

/** The answer of wallet_grantPermissions. */
export type GrantPermissionsResult = {
  chainId: Hex
  address: Address
  expiry: number
  grantedPermissions: RequestedPermission[]
  /** The grant's id; a batch names it in `capabilities.permissions.context`. */
  permissionsContext: Hex
}

/** The `permissions` capability a wallet_sendCalls batch carries to run inside a grant. */
export const PermissionsCapability = looseObject({ context: z.string() })

/** The account's session functions (contracts/SmartAccount.sol in the devstack). */
export const smartSessionsAbi = parseAbi([
  'struct CallPolicy { address target; bytes4 selector; }',
  'struct SpendLimit { address token; uint256 allowance; }',
  'function grantSession(bytes32 id, address key, uint48 validAfter, uint48 validUntil, uint48 period, CallPolicy[] calls, SpendLimit[] limits)',
  'function revokeSession(bytes32 id)',
  'function sessions(bytes32 id) view returns (address key, uint48 validAfter, uint48 validUntil, uint48 period, bool revoked)',
  'function spent(bytes32 id, address token, uint256 period) view returns (uint256)',
  'function spendLimit(bytes32 id, address token) view returns (bool limited, uint256 allowance)',
  'error SessionUnknown(bytes32 id)',
  'error SessionIsRevoked(bytes32 id)',
  'error SessionPeriodInvalid(uint256 period)',
  'error CallNotAllowed(uint256 index, address target, bytes4 selector)',
  'error SpendLimitExceeded(address token, uint256 total, uint256 allowance)',
])

/** Which spend period `now` (unix seconds) falls in, for a session starting at `validAfter`. */
export function periodIndex(session: { validAfter: number; period: number }, now: number): number {
  return session.period === 0 ? 0 : Math.max(0, Math.floor((now - session.validAfter) / session.period))
}

/**
 * A session key's UserOperation signature: mode 0x01, the session id, the spend period it claims
 * (uint48) and the key's 65-byte signature of the UserOperation hash (EIP-191).
 */
export function sessionSignature(id: Hex, period: number, keySignature: Hex): Hex {
  return concatHex(['0x01', id, pad(numberToHex(period), { size: 6 }), keySignature])
}
