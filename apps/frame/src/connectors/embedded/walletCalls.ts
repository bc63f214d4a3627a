// The embedded wallet's EIP-5792 calls: wallet_getCapabilities, wallet_sendCalls and
// wallet_getCallsStatus. The smart account sends a batch as ONE UserOperation whose callData is the
// account's batch execute (viem's `sendUserOperation({ calls })`), so its calls run all or none; the
// EOA sends them one by one as transactions and cannot promise atomicity. A batch is checked before
// the user is asked, so the approval screen never shows a batch the wallet would refuse; the user
// approves the whole batch once. Errors are viem's EIP-5792 classes, handed on as EIP-1193 errors.
// Gas sponsorship (ERC-7677 `paymasterService`) comes from the project, never from the dapp: the smart
// account's batch is offered to the project's policy (the pm_ methods of the API's bundler proxy)
// before the user is asked, and goes sponsored when the policy takes it. A dapp's `paymasterService.url` is not called: it would have the frame send the
// user's operation, from the frame's origin, to a server the host page picked, and sign paymaster data
// the frame cannot vouch for (a token paymaster may charge the account while the approval says
// "Sponsored"). The capability is honoured by the project's own sponsorship or refused (5700).
import {
  type AccountType,
  type CaipNetworkId,
  type ChainNetwork,
  callsStatusCodes,
  GetCallsStatusParams,
  GetCapabilitiesParams,
  maxCallsPerBatch,
  SendCallsParams,
  type SendCallsRequest,
  SponsorshipRefusedError,
  supportedPermissions,
  UnauthorizedError,
} from '@walletframe/protocol'
import {
  type Address,
  AtomicityNotSupportedError,
  BaseError,
  BundleTooLargeError,
  bytesToHex,
  DuplicateIdError,
  type Hex,
  type RpcTransactionReceipt,
  UnknownBundleIdError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
} from 'viem'
import * as CallsStatus from '../../chains/eip155/callsStatus.js'
import { publicClient } from '../../chains/eip155/client.js'
import { toProviderError } from '../../lib/errors.js'
import { parse } from '../../lib/params.js'
import type * as CallBatches from './callBatches.js'
import * as EvmRequests from './evmRequests.js'
import type * as SessionGrants from './sessionGrants.js'
import type { Signer } from './signer.js'
import * as SmartAccount from './smartAccount.js'
import { isAvailable } from './smartAccountSupport.js'
import * as SmartSessions from './smartSessions.js'
import { sponsorship, toCall } from './sponsorship.js'

export type Context = {
  readonly signer: Pick<
    Signer,
    | 'signMessage'
    | 'signTypedData'
    | 'signTransaction'
    | 'signUserOperation'
    | 'createSessionKey'
    | 'signWithSessionKey'
  >
  /** The wallet's EOA (the smart account's owner). */
  readonly eoa: Address
  /** The smart account's address, where the wallet has one. */
  readonly smartAccount: Address | undefined
  /** The account in use, for a batch that names no `from`. */
  readonly inUse: AccountType
  /** The EVM networks the host uses. */
  readonly networks: readonly ChainNetwork[]
  readonly batches: CallBatches.CallBatches
  /** The smart-session grants, and the dapp origin a batch inside one must come from. */
  readonly grants: SessionGrants.SessionGrants
  readonly origin: string | undefined
  /** Asks the user about the batch and runs `send` once they approve (4001 when they do not). */
  approve<T>(
    request: {
      method: string
      params: unknown
      network: CaipNetworkId
      sponsored: boolean
    },
    send: () => Promise<T>,
  ): Promise<T>
}

/** A fresh id for an EOA batch the dapp gave none: 32 random bytes, as hex. */
const newId = () => bytesToHex(crypto.getRandomValues(new Uint8Array(32)))

/** A viem EIP-5792 error with what went wrong in its details. */
function refuse(ErrorClass: new (cause: Error) => BaseError, details: string): BaseError {
  return new ErrorClass(new BaseError(details, { details }))
}

const hexChainId = (network: ChainNetwork) => `0x${Number(network.id).toString(16)}`

/** Which of the wallet's accounts `address` is; 4100 for any other. */
function accountOf(context: Context, address: string | undefined): AccountType {
  if (address === undefined) return context.inUse
  const lower = address.toLowerCase()
  if (context.smartAccount && lower === context.smartAccount.toLowerCase()) return 'smartAccount'
  if (lower === context.eoa.toLowerCase()) return 'eoa'
  throw new UnauthorizedError(`The embedded wallet answers for ${context.eoa} and its smart account only`)
}

/** Whether `account` executes a batch atomically on `network`: the smart account, where it is served. */
const atomicOn = (account: AccountType, network: ChainNetwork) =>
  account === 'smartAccount' && isAvailable(network)

/** The ERC-7677 capability; a batch-wide one, as EIP-5792 capabilities are. */
const paymasterService = 'paymasterService'

/**
 * wallet_getCapabilities: `atomic` and `permissions` (ERC-7715, enforced by the smart account) per
 * chain, and `paymasterService` where the project sponsors the smart account's gas; hex chain ids as
 * keys; chains the host does not use are left out.
 */
export async function capabilities(context: Context, params: unknown) {
  const [address, chainIds] = parse(GetCapabilitiesParams, params ?? [], 'wallet_getCapabilities parameters')
  const account = accountOf(context, address)
  const wanted = chainIds?.map((id) => BigInt(id))
  const networks = context.networks.filter((network) => !wanted || wanted.includes(BigInt(network.id)))
  const entries = await Promise.all(
    networks.map(async (network) => {
      const onChain = atomicOn(account, network)
      // An empty batch: whether the project sponsors this account here at all.
      const sponsored = onChain && (await sponsorship(context, network, [])) === true
      return [
        hexChainId(network),
        {
          atomic: { status: onChain ? 'supported' : 'unsupported' },
          permissions: onChain ? { supported: true, ...supportedPermissions } : { supported: false },
          ...(sponsored ? { paymasterService: { supported: true } } : {}),
        },
      ] as const
    }),
  )
  return Object.fromEntries(entries)
}

/** The checks of EIP-5792 a batch must pass before the user sees it. */
export function check(context: Context, request: SendCallsRequest) {
  const account = accountOf(context, request.from)
  const network = context.networks.find((candidate) => BigInt(candidate.id) === BigInt(request.chainId))
  if (!network)
    throw refuse(UnsupportedChainIdError, `Chain ${request.chainId} is not one of this app's networks`)
  // Of the capabilities a dapp can ask for in a batch the wallet supports `permissions` (a grant the
  // smart account enforces) and `paymasterService` (where the project sponsors) only; any other must
  // be optional.
  const asked = [
    ...Object.entries(request.capabilities ?? {}).filter(
      ([name]) => !(name === 'permissions' && account === 'smartAccount'),
    ),
    ...request.calls.flatMap((call) => Object.entries(call.capabilities ?? {})),
  ]
  // Whether the project sponsors this batch is the policy's to say, asked in sendCalls.
  const served = (name: string) => name === paymasterService && atomicOn(account, network)
  const required = asked.find(([name, capability]) => capability.optional !== true && !served(name))
  if (required)
    throw refuse(
      UnsupportedNonOptionalCapabilityError,
      required[0] === paymasterService
        ? `Gas sponsorship ("${paymasterService}") is not available for this account on chain ${request.chainId}`
        : `Capability "${required[0]}" is not supported`,
    )
  if (request.calls.length > maxCallsPerBatch)
    throw refuse(BundleTooLargeError, `A batch takes at most ${maxCallsPerBatch} calls`)
  const atomic = atomicOn(account, network)
  if (request.atomicRequired && !atomic)
    throw refuse(
      AtomicityNotSupportedError,
      account === 'smartAccount'
        ? `The smart account is not available on chain ${request.chainId}`
        : 'The EOA sends calls one by one; use the smart account for an atomic batch',
    )
  if (account === 'smartAccount' && !atomic)
    throw refuse(UnsupportedChainIdError, `The smart account is not available on chain ${request.chainId}`)
  const sponsorshipRequired = asked.some(
    ([name, capability]) => name === paymasterService && capability.optional !== true,
  )
  return { account, network, sponsorshipRequired }
}

/**
 * Whether the batch goes sponsored. Without sponsorship the account pays, unless the dapp required
 * it: then it hears the policy's refusal, or 5700 where there is no paymaster at all.
 */
async function sponsored(
  context: Context,
  network: ChainNetwork,
  request: SendCallsRequest,
  required: boolean,
): Promise<boolean> {
  const answer = await sponsorship(context, network, request.calls)
  if (answer === true || !required) return answer === true
  if (answer !== 'none') throw new SponsorshipRefusedError(answer)
  throw refuse(
    UnsupportedNonOptionalCapabilityError,
    `Gas sponsorship ("${paymasterService}") is not available on chain ${request.chainId}`,
  )
}

/**
 * The smart account's batch: one UserOperation through the API's bundler proxy, its gas paid by the
 * project's paymaster when `sponsored`; its hash is the batch.
 */
async function sendAsUserOperation(
  context: Context,
  network: ChainNetwork,
  request: SendCallsRequest,
  sponsored: boolean,
): Promise<CallBatches.Batch> {
  const { bundler, paymaster } = await SmartAccount.handle(network, context.eoa, context.signer)
  const userOpHash = await bundler.sendUserOperation({
    calls: request.calls.map(toCall),
    ...(sponsored ? { paymaster } : {}),
  })
  return { kind: 'userOperation', network, userOpHash }
}

/**
 * The EOA's batch: each call a transaction, the next sent once the last is mined (a call may depend
 * on the one before, as a swap does on its approval, and its gas is estimated against the chain as
 * it is). It stops at the first call that cannot be sent or reverts: those after it are not sent.
 */
export async function sendAsTransactions(
  signer: Context['signer'],
  eoa: Address,
  network: ChainNetwork,
  calls: SendCallsRequest['calls'],
): Promise<CallBatches.Batch> {
  const client = publicClient(network)
  const hashes: Hex[] = []
  for (const call of calls) {
    let hash: Hex
    try {
      hash = (await EvmRequests.request(signer, eoa, network, 'eth_sendTransaction', [
        { from: eoa, to: call.to, data: call.data, value: call.value },
      ])) as Hex
    } catch (error) {
      // Nothing sent yet: the batch failed as a whole, and the dapp hears why.
      if (hashes.length === 0) throw error
      console.error('[walletframe] a call of the batch could not be sent; the rest is not sent', error)
      break
    }
    hashes.push(hash)
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') break
  }
  return { kind: 'transactions', network, hashes, unsent: calls.length - hashes.length }
}

/** wallet_sendCalls: checked, approved once by the user, then sent; answers the batch id. */
export async function sendCalls(context: Context, params: unknown): Promise<{ id: string }> {
  const [request] = parse(SendCallsParams, params, 'wallet_sendCalls parameters')
  const { account, network, sponsorshipRequired } = check(context, request)
  const grantId = account === 'smartAccount' ? SmartSessions.contextOf(request) : undefined
  // A batch inside a grant goes without a prompt, signed by the grant's key: only this origin's
  // grant, on its own network.
  const grant = grantId !== undefined ? context.grants.get(grantId, context.origin ?? '') : undefined
  if (grant && grant.network.caipNetworkId !== network.caipNetworkId)
    throw refuse(UnsupportedChainIdError, `This permission is for ${grant.network.name} only`)
  if (request.id !== undefined && !context.batches.reserve(request.id))
    throw refuse(DuplicateIdError, `A batch with id "${request.id}" was sent already`)
  try {
    // The grant's own check first: a call outside it hears that, whatever the paymaster would say.
    if (grant) await SmartSessions.admit(context, grant, request.calls)
    // A batch inside a grant is sponsored as an approved one is: the same policy, the same refusals.
    const byPaymaster =
      account === 'smartAccount' && (await sponsored(context, network, request, sponsorshipRequired))
    const batch = grant
      ? await SmartSessions.send(context, grant, request, byPaymaster)
      : await context.approve<CallBatches.Batch>(
          {
            method: 'wallet_sendCalls',
            params: [request],
            network: network.caipNetworkId as CaipNetworkId,
            sponsored: byPaymaster,
          },
          () =>
            account === 'smartAccount'
              ? sendAsUserOperation(context, network, request, byPaymaster)
              : sendAsTransactions(context.signer, context.eoa, network, request.calls),
        )
    const id = request.id ?? (batch.kind === 'userOperation' ? batch.userOpHash : newId())
    context.batches.settle(id, batch)
    return { id }
  } catch (error) {
    if (request.id !== undefined) context.batches.release(request.id)
    throw error
  }
}

/** wallet_getCallsStatus: from the bundler's UserOperation receipt, or the EOA's transaction receipts. */
export async function callsStatus(context: Context, params: unknown) {
  const [id] = parse(GetCallsStatusParams, params, 'wallet_getCallsStatus parameters')
  const batch = context.batches.get(id)
  if (!batch) throw refuse(UnknownBundleIdError, `No batch with id "${id}" was sent from this page`)
  const { network } = batch
  let status: CallsStatus.Status
  if (batch.kind === 'userOperation') {
    const { bundler } = await SmartAccount.handle(network, context.eoa, context.signer)
    const receipt = await bundler.request({
      method: 'eth_getUserOperationReceipt',
      params: [batch.userOpHash],
    })
    status = CallsStatus.fromUserOperation(receipt)
  } else {
    const client = publicClient(network)
    const receipts = await Promise.all(
      batch.hashes.map(
        (hash) =>
          client.request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          }) as Promise<RpcTransactionReceipt | null>,
      ),
    )
    status = CallsStatus.fromTransactions(receipts, batch.unsent)
  }
  return { version: '2.0.0', id, chainId: hexChainId(network), ...status }
}

/**
 * Whether a wallet_getCallsStatus answer is a smart account's batch that landed, confirmed or
 * reverted: either way its UserOperation ran, so the account is deployed.
 */
export function landedAtomically(answer: unknown): boolean {
  const { atomic, status } = (answer ?? {}) as { atomic?: unknown; status?: unknown }
  return atomic === true && (status === callsStatusCodes.confirmed || status === callsStatusCodes.reverted)
}

/** Answers an EIP-5792 method, its errors as EIP-1193 errors (viem's keep their EIP-5792 codes). */
export async function request(context: Context, method: string, params: unknown): Promise<unknown> {
  try {
    if (method === 'wallet_getCapabilities') return await capabilities(context, params)
    if (method === 'wallet_sendCalls') return await sendCalls(context, params)
    return await callsStatus(context, params)
  } catch (error) {
    throw toProviderError(error)
  }
}
