// The injected bridge: browser wallets live in the host page, not in the cross-origin frame, so the
// SDK discovers them with EIP-6963, runs the frame's calls on them here and relays their events.
// It also answers every request the frame makes of the host (all of them are `injected:*`), so it
// loads with import() on the frame's first request and none of this is in the core entry.
// https://eips.ethereum.org/EIPS/eip-6963
import type { ErrorObject, InjectedWalletInfo } from '@walletframe/protocol'
import type { ProviderRpcError, rpcErrorCodes } from '@walletframe/protocol/errors'
import type { injectedEvents } from '@walletframe/protocol/guards'
import type * as Channel from './Channel.js'

// This module imports nothing at runtime that the core also uses: a host bundler would move such a
// module into a third file that the core loads too, and the split would cost the core more than it
// saves. So the tuple and the error codes are spelled out (their types keep them equal to the
// protocol's) and the core hands in its base error class. The errors here only cross the port as
// their wire form (code, message), so InvalidParamsError, InternalRpcError and UnsupportedMethodError
// are built from their codes: the core would otherwise carry classes only to hand them in here.
const events = ['accountsChanged', 'chainChanged', 'disconnect'] as const satisfies typeof injectedEvents
const invalidParamsCode = -32602 satisfies typeof rpcErrorCodes.invalidParams
const internalCode = -32603 satisfies typeof rpcErrorCodes.internal
const unsupportedMethodCode = 4200 satisfies typeof rpcErrorCodes.unsupportedMethod

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
  /** Sends answers and `injected:event`s to the frame (the channel's `post`); false when it could not. */
  post(message: Channel.Outgoing): boolean
  /** The class the bridge's own errors are made of (the core's, so no copy of it loads here). */
  ProviderRpcError: typeof ProviderRpcError
}

export type Injected = {
  /** The wallets announced so far, without Walletframe itself. */
  list(): InjectedWalletInfo[]
  /**
   * Runs one EIP-1193 call on the wallet with this rdns; rejects with the wallet's own error. From
   * the first call on, the wallet's accountsChanged / chainChanged / disconnect go to the frame.
   */
  request(params: { rdns: string; method: string; params?: unknown }): Promise<unknown>
  /**
   * Answers one of the frame's requests (`injected:list`, `injected:request`) with the result or the
   * error; an invalid one with InvalidParamsError's code (-32602), an unknown method with
   * UnsupportedMethodError's (4200).
   */
  answer(...request: Channel.Incoming): void
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

export function watch({ window, post, ProviderRpcError }: Options): Injected {
  const invalidParams = (message: string) => new ProviderRpcError(invalidParamsCode, message)
  const internal = (message: string) => new ProviderRpcError(internalCode, message).toJSON()
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
        post({
          kind: 'event',
          event: 'injected:event',
          data: { rdns, event, data: event === 'disconnect' ? toErrorObject(data) : data },
        })
      provider.on?.(event, listener)
      return () => provider.removeListener?.(event, listener)
    })
    subscribed.set(rdns, () => {
      for (const off of listeners) off()
    })
  }

  /** The wire form of any thrown value: wallets reject with `{ code, message }`-shaped errors. */
  function toErrorObject(error: unknown): ErrorObject {
    const { code, message, data } = (error ?? {}) as Partial<Record<'code' | 'message' | 'data', unknown>>
    if (Number.isSafeInteger(code) && typeof message === 'string')
      return data === undefined ? { code: code as number, message } : { code: code as number, message, data }
    return internal(typeof message === 'string' ? message : 'Internal error')
  }

  const list = () =>
    [...wallets.values()].map(({ info: { uuid, name, icon, rdns } }) => ({ uuid, name, icon, rdns }))
  async function request({ rdns, method, params }: { rdns: string; method: string; params?: unknown }) {
    const wallet = wallets.get(rdns)
    if (!wallet) throw invalidParams(`No browser wallet with rdns ${rdns} in this page`)
    // Before the call, so the accountsChanged that eth_requestAccounts causes is not missed.
    subscribe(rdns, wallet.provider)
    return wallet.provider.request(params === undefined ? { method } : { method, params })
  }

  async function run(...[frameRequest, valid]: Channel.Incoming) {
    const { method } = frameRequest
    if (!valid)
      throw method === 'injected:list' || method === 'injected:request'
        ? invalidParams(`Invalid ${method} request`)
        : new ProviderRpcError(unsupportedMethodCode, `Requested RPC call is not allowed: ${String(method)}`)
    return frameRequest.method === 'injected:list' ? list() : request(frameRequest.params)
  }

  return {
    list,
    request,
    answer(...incoming) {
      const { id } = incoming[0]
      run(...incoming).then(
        // A wallet may answer with something that cannot cross the port: say so rather than let
        // the frame wait for its timeout.
        (result) =>
          post({ kind: 'response', id, result: result ?? null }) ||
          post({
            kind: 'response',
            id,
            error: internal('The wallet answered with data that cannot be sent'),
          }),
        (error) => post({ kind: 'response', id, error: toErrorObject(error) }),
      )
    },
    stop() {
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      for (const off of subscribed.values()) off()
      subscribed.clear()
    },
  }
}
