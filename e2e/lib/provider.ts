// Calls the demo page's EIP-1193 provider and returns its answer or its error as plain data.
import type { Page } from '@playwright/test'
import { verifyMessage } from 'viem'

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
export type Answer = { result?: unknown; error?: { code: number; message: string } }

export function providerRequest(page: Page, method: string, params?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, params }) => {
      const provider = (window as unknown as { walletframe: { provider: Provider } }).walletframe.provider
      try {
        return { result: await provider.request(params === undefined ? { method } : { method, params }) }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { error: { code, message } }
      }
    },
    { method, params },
  )
}

/**
 * Asks the host provider for personal_sign of `message` and tells whether the answer is a
 * signature that recovers to `address` (an error answer is returned as it is, for the assertion).
 */
export async function signAndVerify(
  page: Page,
  address: string,
  message: string,
): Promise<{ verified: boolean; error?: Answer['error'] }> {
  const answer = await providerRequest(page, 'personal_sign', [
    `0x${Buffer.from(message).toString('hex')}`,
    address,
  ])
  if (answer.error) return { verified: false, error: answer.error }
  const verified = await verifyMessage({
    address: address as `0x${string}`,
    message,
    signature: answer.result as `0x${string}`,
  })
  return { verified }
}
