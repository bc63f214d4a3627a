// Calls the demo page's EIP-1193 provider and returns its answer or its error as plain data.
import type { Page } from '@playwright/test'

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
