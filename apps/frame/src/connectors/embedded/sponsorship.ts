// Whether the project's paymaster sponsors an operation of the embedded smart account: the policy
// (on, allowed contracts, the account's own smart-session grants, budget left) answers the ERC-7677
// stub call at the API's bundler proxy before the user is asked, so an approval says who pays.
import {
  type ChainNetwork,
  type SendCallsRequest,
  type SponsorshipRefusal,
  sponsorshipRefusals,
  sponsorshipRefusedCode,
} from '@walletframe/protocol'
import type { Address, Hex } from 'viem'
import * as SmartAccount from './smartAccount.js'

/** A batch's call as viem's account actions take it. */
export const toCall = (call: SendCallsRequest['calls'][number]) => ({
  to: call.to as Address,
  ...(call.data !== undefined ? { data: call.data as Hex } : {}),
  ...(call.value !== undefined ? { value: BigInt(call.value) } : {}),
})

/** The reason in a sponsorship refusal from the API's paymaster proxy, wherever viem wrapped it. */
export function refusalOf(error: unknown): SponsorshipRefusal | undefined {
  const reasons: readonly string[] = Object.values(sponsorshipRefusals)
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, data } = cause as { code?: unknown; data?: { reason?: unknown } }
    if (code === sponsorshipRefusedCode && typeof data?.reason === 'string' && reasons.includes(data.reason))
      return data.reason as SponsorshipRefusal
  }
  return undefined
}

/** JSON-RPC codes of an endpoint without the pm_ methods: not found (-32601), not allowed (4200). */
const noPaymasterCodes: readonly unknown[] = [-32601, 4200]

/** Whether `error` is an endpoint saying it has no paymaster, wherever viem wrapped it. */
function lacksPaymaster(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (noPaymasterCodes.includes((cause as { code?: unknown }).code)) return true
  return false
}

/**
 * Whether the project's paymaster takes `calls` from the smart account on `network`. True, or why not:
 * the policy's refusal, or 'none' where the bundler has no paymaster.
 */
export async function sponsorship(
  context: { readonly eoa: Address; readonly signer: SmartAccount.OwnerSigner },
  network: ChainNetwork,
  calls: SendCallsRequest['calls'],
): Promise<true | SponsorshipRefusal | 'none'> {
  const { account, paymaster } = await SmartAccount.handle(network, context.eoa, context.signer)
  try {
    await paymaster.getPaymasterStubData({
      chainId: Number(network.id),
      entryPointAddress: account.entryPoint.address,
      sender: account.address,
      nonce: await account.getNonce(),
      ...(await account.getFactoryArgs()),
      callData: await account.encodeCalls(calls.map(toCall)),
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    })
    return true
  } catch (error) {
    const reason = refusalOf(error)
    if (reason) return reason
    if (lacksPaymaster(error)) return 'none'
    throw error
  }
}
