// The injected bridge: browser wallets live in the host page, not in the cross-origin frame, so the
// SDK discovers them with EIP-6963, runs the frame's calls on them here and relays their events.
// Loaded with import() on the frame's first `injected:*` request, so it is not in the core entry.
// https://eips.ethereum.org/EIPS/eip-6963
import type { FrameRequest, HostEvent, InjectedWalletInfo } from '@walletframe/protocol'
import type { InvalidParamsError } from '@walletframe/protocol/errors'
import type { injectedEvents } from '@walletframe/protocol/guards'
import type { toErrorObject } from './internal/promise.js'

// This module imports nothing at runtime that the core also uses: a host bundler would move such a
// module into a third file that the core loads too, and the split would cost the core more than it
// saves. So the tuple is spelled out (its type keeps it equal to the protocol's) and the core hands
// in its error helpers.
const events = ['accountsChanged', 'chainChanged', 'disconnect'] as const satisfies typeof injectedEvents

type Listener = (data: unknown) => void
type Eip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: Listener): unknown
  removeListener?(event: string, listener: Listener): unknown
  isWalletframe?: boolean
}
type Announcement = { info: InjectedWalletInfo; provider: Eip1193 }

export type Options = {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>
  /** Sends an `injected:event` to the frame. */
  emit(event: HostEvent['data']): void
  /** What an unknown rdns rejects with. */
  InvalidParamsError: typeof InvalidParamsError
  /** The wire form of the error a wallet's `disconnect` event carries. */
  toErrorObject: typeof toErrorObject
}

export type Injected = {
  /** The wallets announced so far, without Walletframe itself. */
  list(): InjectedWalletInfo[]
  /**
   * Runs one EIP-1193 call on the wallet with this rdns; rejects with the wallet's own error. From
   * the first call on, the wallet's accountsChanged / chainChanged / disconnect go to `emit`.
   */
  request(params: { rdns: string; method: string; params?: unknown }): Promise<unknown>
  /** Answers one of the frame's requests (`injected:list`, `injected:request`). */
  answer(request: FrameRequest): Promise<unknown>
  /** Stops discovery and every event subscription. */
  stop(): void
}

function isAnnouncement(detail: unknown): detail is Announcement {
  const { info, provider } = (detail ?? {}) as Partial<Record<'info' | 'provider', Record<string, unknown>>>
  return (
    typeof provider?.request === 'function' &&
    ['uuid', 'name', 'icon', 'rdns'].every((key) => typeof info?.[key] === 'string')
  )
}

export function watch({ window, emit, InvalidParamsError, toErrorObject }: Options): Injected {
  const wallets = new Map<string, Announcement>()
  /** Wallets whose events we relay, by rdns, with the function that unsubscribes. */
  const subscribed = new Map<string, () => void>()
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (isAnnouncement(detail) && !detail.provider.isWalletframe) wallets.set(detail.info.rdns, detail)
  }
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  // Wallets that loaded before us announce again when asked.
  window.dispatchEvent(new Event('eip6963:requestProvider'))

  function subscribe(rdns: string, provider: Eip1193) {
    // EIP-1193's `on` is optional in practice: a wallet without it has no events to relay.
    if (subscribed.has(rdns) || typeof provider.on !== 'function') return
    const listeners = events.map((event) => {
      // The disconnect payload is an error object: send its wire form, which survives cloning.
      const listener: Listener = (data) =>
        emit({ rdns, event, data: event === 'disconnect' ? toErrorObject(data) : data })
      provider.on?.(event, listener)
      return () => provider.removeListener?.(event, listener)
    })
    subscribed.set(rdns, () => {
      for (const off of listeners) off()
    })
  }

  const list = () =>
    [...wallets.values()].map(({ info: { uuid, name, icon, rdns } }) => ({ uuid, name, icon, rdns }))
  async function request({ rdns, method, params }: { rdns: string; method: string; params?: unknown }) {
    const wallet = wallets.get(rdns)
    if (!wallet) throw new InvalidParamsError(`No browser wallet with rdns ${rdns} in this page`)
    // Before the call, so the accountsChanged that eth_requestAccounts causes is not missed.
    subscribe(rdns, wallet.provider)
    return wallet.provider.request(params === undefined ? { method } : { method, params })
  }

  return {
    list,
    request,
    answer: async (frameRequest) =>
      frameRequest.method === 'injected:list' ? list() : request(frameRequest.params),
    stop() {
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      for (const off of subscribed.values()) off()
      subscribed.clear()
    },
  }
}
