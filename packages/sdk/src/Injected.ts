// The injected bridge: browser wallets live in the host page, not in the cross-origin frame, so the
// SDK discovers them with EIP-6963 and runs the frame's calls on them here.
// https://eips.ethereum.org/EIPS/eip-6963
import type { InjectedWalletInfo } from '@walletframe/protocol'
import { InvalidParamsError } from '@walletframe/protocol/errors'

type Eip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  isWalletframe?: boolean
}
type Announcement = { info: InjectedWalletInfo; provider: Eip1193 }

export type Options = {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>
}

export type Injected = {
  /** The wallets announced so far, without Walletframe itself. */
  list(): InjectedWalletInfo[]
  /** Runs one EIP-1193 call on the wallet with this rdns; rejects with the wallet's own error. */
  request(params: { rdns: string; method: string; params?: unknown }): Promise<unknown>
  stop(): void
}

function isAnnouncement(detail: unknown): detail is Announcement {
  const { info, provider } = (detail ?? {}) as Partial<Record<'info' | 'provider', Record<string, unknown>>>
  return (
    typeof provider?.request === 'function' &&
    ['uuid', 'name', 'icon', 'rdns'].every((key) => typeof info?.[key] === 'string')
  )
}

export function watch({ window }: Options): Injected {
  const wallets = new Map<string, Announcement>()
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (isAnnouncement(detail) && !detail.provider.isWalletframe) wallets.set(detail.info.rdns, detail)
  }
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  // Wallets that loaded before us announce again when asked.
  window.dispatchEvent(new Event('eip6963:requestProvider'))

  return {
    list: () =>
      [...wallets.values()].map(({ info: { uuid, name, icon, rdns } }) => ({ uuid, name, icon, rdns })),
    async request({ rdns, method, params }) {
      const wallet = wallets.get(rdns)
      if (!wallet) throw new InvalidParamsError(`No browser wallet with rdns ${rdns} in this page`)
      return wallet.provider.request(params === undefined ? { method } : { method, params })
    },
    stop: () => window.removeEventListener('eip6963:announceProvider', onAnnounce),
  }
}
