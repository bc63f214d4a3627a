// Smart sessions (ERC-7715) of the embedded smart account. wallet_grantPermissions, once the user
// approves it, makes a session key in the Worker and has the owner's UserOperation grant it on the
// account (grantSession): allowed targets and selectors, native / ERC-20 spend limits per period, an
// expiry. The dapp then sends wallet_sendCalls with `capabilities.permissions.context`: calls inside
// the grant go out signed by the session key with no prompt. The frame refuses a call outside the
// grant's targets and selectors before sending, but the account is what enforces the grant: spend
// limits are left to it (the bundler's simulation of the account's validation refuses an
// operation over them), and a key could do no more if it ever left the Worker. The grant's own
// operations (grantSession, revokeSession) are offered to the project's sponsorship like any batch.
//
// The wallet holds the session key rather than taking a signer from the dapp: the dapp never holds
// key material, a grant is bound to the origin that asked (the frame knows it, a key the dapp holds
// would not be), and the dapp keeps using the provider calls it already knows.
import {
  type AccountType,
  type CaipNetworkId,
  type ChainNetwork,
  ContractCallData,
  Erc20TokenTransferData,
  GrantPermissionsParams,
  type GrantPermissionsRequest,
  type GrantPermissionsResult,
  InvalidParamsError,
  NativeTokenTransferData,
  ProviderRpcError,
  periodIndex,
  type RequestedPermission,
  RevokePermissionsParams,
  type SendCallsRequest,
  SpendPeriodData,
  sessionSignature,
  smartSessionsAbi,
  TokenAllowanceData,
  UnsupportedMethodError,
} from '@walletframe/protocol'
import {
  type Address,
  BaseError,
  bytesToHex,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  toFunctionSelector,
  toFunctionSignature,
  zeroAddress,
} from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import { toProviderError } from '../../lib/errors.js'
import { parse } from '../../lib/params.js'
import type * as CallBatches from './callBatches.js'
import type * as SessionGrants from './sessionGrants.js'
import type { Signer } from './signer.js'
import * as SmartAccount from './smartAccount.js'
import { isAvailable } from './smartAccountSupport.js'
import { sponsorship } from './sponsorship.js'

const transferSelector = '0xa9059cbb'
const approveSelector = '0x095ea7b3'
/** A plain transfer (no data), to anyone: what native-token-transfer allows. */
const plainTransfer = { target: zeroAddress, selector: '0x00000000' } as const

/** -32003 (EIP-1474, transaction rejected): a call a grant does not cover, refused by the frame or the account. */
export class SessionCallRefusedError extends ProviderRpcError {
  override name = 'SessionCallRefusedError'
  constructor(message: string, data: { by: 'frame' | 'account'; reason: string; args?: readonly unknown[] }) {
    super(-32003, message, data)
  }
}

export type Context = {
  readonly signer: Pick<
    Signer,
    'signMessage' | 'signTypedData' | 'signUserOperation' | 'createSessionKey' | 'signWithSessionKey'
  >
  readonly eoa: Address
  readonly smartAccount: Address | undefined
  readonly inUse: AccountType
  readonly networks: readonly ChainNetwork[]
  /** The dapp's origin, which a grant is bound to. */
  readonly origin: string | undefined
  readonly grants: SessionGrants.SessionGrants
  approve<T>(
    request: { method: string; params: unknown; network: CaipNetworkId; sponsored: boolean },
    send: () => Promise<T>,
  ): Promise<T>
}

/** What a grant asks of the account, from the ERC-7715 permissions the wallet understands. */
export type Policies = {
  calls: { target: Address; selector: Hex }[]
  limits: { token: Address; allowance: bigint }[]
  period: number
  granted: RequestedPermission[]
}

/**
 * The account's rules for `request`. A policy the account cannot enforce is refused, never dropped
 * (dropping one would grant more than asked); a permission type it does not know is left out of the
 * grant unless the dapp marked it required.
 */
export function policiesOf(request: GrantPermissionsRequest): Policies {
  const calls: Policies['calls'] = []
  const limits: Policies['limits'] = []
  const granted: RequestedPermission[] = []
  let period = 0
  for (const permission of request.permissions) {
    let allowance: bigint | undefined
    for (const policy of permission.policies) {
      if (policy.type === 'token-allowance')
        allowance = BigInt(parse(TokenAllowanceData, policy.data, 'token-allowance policy').allowance)
      else if (policy.type === 'spend-period')
        period = parse(SpendPeriodData, policy.data, 'spend-period policy').seconds
      else throw new InvalidParamsError(`Policy type "${policy.type}" is not supported`)
    }
    const needAllowance = () => {
      if (allowance === undefined)
        throw new InvalidParamsError(`A ${permission.type} permission needs a token-allowance policy`)
      return allowance
    }
    switch (permission.type) {
      case 'native-token-transfer':
        parse(NativeTokenTransferData, permission.data, 'native-token-transfer data')
        calls.push(plainTransfer)
        limits.push({ token: zeroAddress, allowance: needAllowance() })
        break
      case 'erc20-token-transfer': {
        const token = parse(Erc20TokenTransferData, permission.data, 'erc20-token-transfer data')
          .address as Address
        calls.push(
          { target: token, selector: transferSelector },
          { target: token, selector: approveSelector },
        )
        limits.push({ token, allowance: needAllowance() })
        break
      }
      case 'contract-call': {
        const data = parse(ContractCallData, permission.data, 'contract-call data')
        for (const signature of data.calls) {
          let selector: Hex
          try {
            selector = toFunctionSelector(toFunctionSignature(signature))
          } catch {
            throw new InvalidParamsError(`"${signature}" is not a function signature`)
          }
          calls.push({ target: data.address as Address, selector })
        }
        // Value sent with these calls needs a native-token-transfer permission beside it.
        if (allowance !== undefined)
          throw new InvalidParamsError('A contract-call permission takes no token-allowance policy')
        break
      }
      default:
        if (permission.required)
          throw new InvalidParamsError(`Permission type "${permission.type}" is not supported`)
        continue
    }
    granted.push(permission)
  }
  if (granted.length === 0) throw new InvalidParamsError('None of the permissions asked for is supported')
  return { calls, limits, period, granted }
}

/** The smart account and network a grant is for; 4200 on the EOA (it enforces nothing on chain). */
function target(context: Context, request: GrantPermissionsRequest): ChainNetwork {
  const address = request.address ?? (context.inUse === 'smartAccount' ? context.smartAccount : context.eoa)
  if (!context.smartAccount || address?.toLowerCase() !== context.smartAccount.toLowerCase())
    throw new UnsupportedMethodError(
      'wallet_grantPermissions (the EOA enforces no permissions; use the smart account)',
    )
  // Without a chainId: the network in use (listed first).
  const network = request.chainId
    ? context.networks.find((candidate) => BigInt(candidate.id) === BigInt(request.chainId as string))
    : context.networks[0]
  if (!network || !isAvailable(network))
    throw new InvalidParamsError(`The smart account is not available on chain ${request.chainId ?? ''}`)
  return network
}

/**
 * The time the next block will carry, which the EntryPoint checks a grant's window against: the
 * latest block's, or the clock's when that block is older (a chain that mines only on demand, as
 * a devnet does, may have made none for a while; its next one takes the current time).
 */
const chainTime = async (client: SmartAccount.Handle['client']) =>
  Math.max(Number((await client.getBlock()).timestamp), Math.floor(Date.now() / 1000))

/** wallet_grantPermissions: approved by the user, then granted on chain by the owner's UserOperation. */
export async function grant(context: Context, params: unknown): Promise<GrantPermissionsResult> {
  const [request] = parse(GrantPermissionsParams, params, 'wallet_grantPermissions parameters')
  const network = target(context, request)
  const policies = policiesOf(request)
  const origin = context.origin
  if (!origin) throw new InvalidParamsError('The dapp origin is unknown')
  const { account, bundler, client, paymaster } = await SmartAccount.handle(
    network,
    context.eoa,
    context.signer,
  )
  // The chain's clock is the one the account's validity window is checked against.
  const now = await chainTime(client)
  if (request.expiry <= now) throw new InvalidParamsError('"expiry" must be in the future')
  const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  const validAfter = now - 1
  const grantCall = (key: Address) => ({
    to: account.address,
    data: encodeFunctionData({
      abi: smartSessionsAbi,
      functionName: 'grantSession',
      args: [id, key, validAfter, request.expiry, policies.period, policies.calls, policies.limits],
    }),
  })
  // Asked before the user is, with a stand-in key (the policy reads the call, not the key), so the
  // approval says who pays; the grant never requires sponsorship, so a refusal has the account pay.
  const sponsored = (await sponsorship(context, network, [grantCall(zeroAddress)])) === true
  return context.approve(
    {
      method: 'wallet_grantPermissions',
      params: [request],
      network: network.caipNetworkId as CaipNetworkId,
      sponsored,
    },
    async () => {
      const key = await context.signer.createSessionKey()
      await landed(
        bundler,
        await bundler.sendUserOperation({ calls: [grantCall(key)], ...(sponsored ? { paymaster } : {}) }),
      )
      context.grants.add({
        id,
        origin,
        network,
        account: account.address,
        key,
        validAfter,
        validUntil: request.expiry,
        period: policies.period,
        calls: policies.calls,
        limits: policies.limits,
        permissions: policies.granted,
        revoked: false,
      })
      return {
        chainId: `0x${Number(network.id).toString(16)}`,
        address: account.address,
        expiry: request.expiry,
        grantedPermissions: policies.granted,
        permissionsContext: id,
      }
    },
  )
}

async function landed(bundler: SmartAccount.Handle['bundler'], hash: Hex) {
  const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 })
  if (!receipt.success)
    throw new ProviderRpcError(-32603, receipt.reason ?? 'The UserOperation reverted on chain', {
      userOpHash: hash,
    })
}

/**
 * Revokes grant `id` on chain (the owner's UserOperation), its gas paid by the project where its
 * policy sponsors the account's own session calls. A dapp revokes only its own grants, without a
 * prompt (it gives up its own rights); the user revokes any from the Account view (`origin` undefined).
 */
export async function revokeGrant(
  context: Pick<Context, 'signer' | 'eoa' | 'grants'>,
  id: string,
  origin: string | undefined,
): Promise<void> {
  const found = context.grants.get(id, origin)
  if (!found.revoked) {
    const { account, bundler, paymaster } = await SmartAccount.handle(
      found.network,
      context.eoa,
      context.signer,
    )
    const call = {
      to: account.address,
      data: encodeFunctionData({ abi: smartSessionsAbi, functionName: 'revokeSession', args: [found.id] }),
    }
    const sponsored = (await sponsorship(context, found.network, [call])) === true
    await landed(
      bundler,
      await bundler.sendUserOperation({ calls: [call], ...(sponsored ? { paymaster } : {}) }),
    )
    context.grants.markRevoked(found.id)
  }
}

/** wallet_revokePermissions: `[{ permissionsContext }]` of this origin's grant; answers null. */
export async function revoke(context: Context, params: unknown): Promise<null> {
  const [{ permissionsContext }] = parse(
    RevokePermissionsParams,
    params,
    'wallet_revokePermissions parameters',
  )
  await revokeGrant(context, permissionsContext, context.origin ?? '')
  return null
}

/** The grant a batch names in `capabilities.permissions.context`, if it names one. */
export function contextOf(request: SendCallsRequest): string | undefined {
  const capability = request.capabilities?.permissions as { context?: unknown } | undefined
  return typeof capability?.context === 'string' ? capability.context : undefined
}

/**
 * The frame's own check of a batch against its grant: not expired, and every call a (target,
 * selector) it allows. A revoked grant is left to the account, whose refusal is final: revocation
 * on chain cannot be undone, so the key that stays in the Worker is dead.
 */
export function permit(found: SessionGrants.Grant, calls: SendCallsRequest['calls'], now: number): void {
  if (now >= found.validUntil)
    throw new SessionCallRefusedError('This permission has expired', { by: 'frame', reason: 'expired' })
  calls.forEach((call, index) => {
    const data = call.data ?? '0x'
    const selector = (data.length >= 10 ? data.slice(0, 10) : '0x00000000').toLowerCase()
    const allowed =
      call.to.toLowerCase() !== found.account.toLowerCase() &&
      (data.length === 2 || data.length >= 10) &&
      found.calls.some(
        (rule) =>
          rule.selector === selector &&
          (rule.target.toLowerCase() === call.to.toLowerCase() ||
            (rule.target === zeroAddress && data.length === 2)),
      )
    if (!allowed)
      throw new SessionCallRefusedError(`Call ${index + 1} is outside this permission`, {
        by: 'frame',
        reason: 'CallNotAllowed',
        args: [index, call.to, selector],
      })
  })
}

/**
 * The frame's check of a batch against its grant on the chain's clock, before anything else is asked
 * of the batch: a call the grant does not cover could go neither sponsored nor paid, so its refusal
 * is the one the dapp needs to hear, not the paymaster's.
 */
export async function admit(
  context: Pick<Context, 'signer' | 'eoa'>,
  found: SessionGrants.Grant,
  calls: SendCallsRequest['calls'],
): Promise<void> {
  const { client } = await SmartAccount.handle(found.network, context.eoa, context.signer)
  permit(found, calls, await chainTime(client))
}

/** The account's own refusal inside a bundler's error (its simulation of the validation), decoded. */
export function accountRefusal(error: unknown): { name: string; args: readonly unknown[] } | undefined {
  const text =
    error instanceof BaseError
      ? [error.message, ...collect(error)].join(' ')
      : error instanceof Error
        ? error.message
        : String(error)
  const selectors = smartSessionsAbi
    .filter((item) => item.type === 'error')
    .map((item) => toFunctionSelector(`${item.name}(${item.inputs.map((input) => input.type).join(',')})`))
  for (const hex of text.match(/0x[0-9a-fA-F]{8,}/g) ?? []) {
    for (const selector of selectors) {
      const at = hex.toLowerCase().indexOf(selector.slice(2))
      if (at < 0) continue
      try {
        const decoded = decodeErrorResult({ abi: smartSessionsAbi, data: `0x${hex.slice(at)}` as Hex })
        return { name: decoded.errorName, args: decoded.args ?? [] }
      } catch {
        // Not this error's encoding after all; look on.
      }
    }
  }
  return undefined
}

function collect(error: BaseError): string[] {
  const found: string[] = []
  error.walk((inner) => {
    const details = (inner as { details?: unknown; data?: unknown }) ?? {}
    if (typeof details.details === 'string') found.push(details.details)
    if (typeof details.data === 'string') found.push(details.data)
    return false
  })
  return found
}

/** A 65-byte stand-in for the key's signature while the bundler estimates gas (validation reports it failed, not reverts). */
const stubKeySignature: Hex = `0x${'ff'.repeat(32)}${'7a'.repeat(32)}1c`

/**
 * Sends a batch inside `found` as one UserOperation signed by its session key, with no prompt, its gas
 * paid by the project's paymaster when `sponsored`. The account validates it; its refusal comes back
 * as SessionCallRefusedError, by: 'account'.
 */
export async function send(
  context: Pick<Context, 'signer' | 'eoa'>,
  found: SessionGrants.Grant,
  request: SendCallsRequest,
  sponsored = false,
): Promise<CallBatches.Batch> {
  const { account, bundler, client, paymaster } = await SmartAccount.handle(
    found.network,
    context.eoa,
    context.signer,
  )
  const now = await chainTime(client)
  permit(found, request.calls, now)
  const period = periodIndex(found, now)
  const session = {
    ...account,
    async getStubSignature() {
      return sessionSignature(found.id, period, stubKeySignature)
    },
    // viem signs the finished operation, the paymaster's fields in it: the key's signature covers
    // paymasterAndData, as the EntryPoint's hash does.
    async signUserOperation(parameters: Parameters<typeof account.signUserOperation>[0]) {
      const { chainId = Number(found.network.id), ...userOperation } = parameters
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: account.entryPoint.address,
        entryPointVersion: '0.7',
        userOperation: { ...userOperation, sender: account.address },
      })
      return sessionSignature(found.id, period, await context.signer.signWithSessionKey(found.key, hash))
    },
  } as typeof account
  try {
    const userOpHash = await bundler.sendUserOperation({
      account: session,
      calls: request.calls.map((call) => ({
        to: call.to as Address,
        ...(call.data !== undefined ? { data: call.data as Hex } : {}),
        ...(call.value !== undefined ? { value: BigInt(call.value) } : {}),
      })),
      ...(sponsored ? { paymaster } : {}),
    })
    return { kind: 'userOperation', network: found.network, userOpHash }
  } catch (error) {
    const refusal = accountRefusal(error)
    if (!refusal) throw error
    throw new SessionCallRefusedError(`The smart account refused the call: ${refusal.name}`, {
      by: 'account',
      reason: refusal.name,
      args: refusal.args.map((arg) => (typeof arg === 'bigint' ? `0x${arg.toString(16)}` : arg)),
    })
  }
}

/** What a grant used and has left of each limit in the current period, read from the account. */
export async function usage(
  context: Pick<Context, 'signer' | 'eoa'>,
  found: SessionGrants.Grant,
): Promise<{ token: Address; allowance: bigint; spent: bigint }[]> {
  const { client } = await SmartAccount.handle(found.network, context.eoa, context.signer)
  const period = BigInt(periodIndex(found, await chainTime(client)))
  return Promise.all(
    found.limits.map(async (limit) => ({
      ...limit,
      spent: await client.readContract({
        address: found.account,
        abi: smartSessionsAbi,
        functionName: 'spent',
        args: [found.id, limit.token, period],
      }),
    })),
  )
}

/** Answers an ERC-7715 method, its errors as EIP-1193 errors. */
export async function request(context: Context, method: string, params: unknown): Promise<unknown> {
  try {
    if (method === 'wallet_grantPermissions') return await grant(context, params)
    return await revoke(context, params)
  } catch (error) {
    throw toProviderError(error)
  }
}
