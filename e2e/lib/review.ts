// The review policy the review specs' API runs with (their `test.use({ review })`): the default rules and
// one deny-listed address; and the Permit2 signature request the scam specs send.
import { expect, type FrameLocator } from '@playwright/test'
import { permit2Domain, permitSingleTypes } from '@walletframe/devstack'
import type { ReviewPolicy } from '@walletframe/protocol'
import { type Address, getAddress } from 'viem'

/**
 * On the project's deny list: the review blocks a send to it (the default policy blocks `deny-listed`).
 * Fixed, not random: the worker's API is configured with it before the test runs.
 */
export const denied = getAddress('0x5a1e5a1e5a1e5a1e5a1e5a1e5a1e5a1e5a1e5a1e')

export const reviewPolicy: ReviewPolicy = { denyList: `# e2e: a sanctioned address\n${denied}\n` }

/** The EIP-712 domain type of Permit2 (name, chain, contract; no version), for eth_signTypedData_v4. */
const eip712Domain = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const

export type PermitSingle = {
  details: { token: Address; amount: bigint; expiration: number; nonce: number }
  spender: Address
  sigDeadline: bigint
}

/** A Permit2 PermitSingle as a dapp sends it to eth_signTypedData_v4: JSON, amounts as decimal text. */
export function permit2TypedData(chainId: number, permitSingle: PermitSingle): string {
  return JSON.stringify({
    types: { EIP712Domain: eip712Domain, ...permitSingleTypes },
    domain: permit2Domain(chainId),
    primaryType: 'PermitSingle',
    message: {
      ...permitSingle,
      details: { ...permitSingle.details, amount: permitSingle.details.amount.toString() },
      sigDeadline: permitSingle.sigDeadline.toString(),
    },
  })
}

/**
 * Ticks "I understand the risk" under a warning. The tick sits below the review, which can still grow
 * as its last lines arrive: a click the layout moved away from misses, so it is tried until it holds.
 */
export async function tickRisk(modal: FrameLocator): Promise<void> {
  await expect(async () => {
    await modal.getByTestId('wf-review-confirm').locator('input').check({ timeout: 2_000 })
  }).toPass({ timeout: 15_000 })
}
