// The browser wallets announced in the host page (EIP-6963): the same announcements from which
// wagmi's discovery makes a connector of its own per wallet, with the wallet's rdns as its id.
// https://eips.ethereum.org/EIPS/eip-6963
import { withTimeout } from 'viem'

type Eip1193 = {
  request(args: { method: string }): Promise<unknown>
  isWalletframe?: boolean
}

export type BrowserWallets = {
  /** The rdns of every announced wallet, Walletframe's own provider aside, whose eth_accounts has `address`. */
  holding(address: string): Promise<string[]>
}

/** How long a wallet has to answer eth_accounts before it counts as not holding the account. */
const answerMs = 1_000

/** Collects the wallets announced from now on, and asks those already in the page to announce again. */
export function watch(window: Pick<Window, 'addEventListener' | 'dispatchEvent'>): BrowserWallets {
  const wallets = new Map<string, Eip1193>()
  window.addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = ((event as CustomEvent<unknown>).detail ?? {}) as {
      info?: { rdns?: unknown }
      provider?: Partial<Eip1193>
    }
    if (typeof info?.rdns !== 'string' || typeof provider?.request !== 'function') return
    if (!provider.isWalletframe) wallets.set(info.rdns, provider as Eip1193)
  })
  window.dispatchEvent(new Event('eip6963:requestProvider'))

  return {
    async holding(address) {
      const wanted = address.toLowerCase()
      const found = await Promise.all(
        [...wallets].map(async ([rdns, provider]) => {
          // eth_accounts never prompts (EIP-1102). A wallet that fails it or does not answer in time
          // is locked or broken: it holds no account for this page, so it is not one of them.
          const accounts = await withTimeout(() => provider.request({ method: 'eth_accounts' }), {
            timeout: answerMs,
          }).catch(() => [])
          const holds =
            Array.isArray(accounts) &&
            accounts.some((account) => typeof account === 'string' && account.toLowerCase() === wanted)
          return holds ? rdns : undefined
        }),
      )
      return found.filter((rdns) => rdns !== undefined)
    },
  }
}
