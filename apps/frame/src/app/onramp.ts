// The on-ramp checkout's wiring: the API's checkout URL, a popup followed until the frame's return
// page reports, and the queries to read again after a purchase.
import type { QueryClient } from '@tanstack/react-query'
import type { ChainNetwork } from '@walletframe/protocol'
import type * as Onramp from '../core/actions/onramp.js'
import type { Core } from '../core/Core.js'
import { onrampMessages } from '../core/onrampMessages.js'
import type { Client } from '../data/client.js'
import * as Popup from '../lib/popup.js'
import * as Account from '../queries/account.js'
import * as OnrampQueries from '../queries/onramp.js'
import type { RetryBlock } from '../queries/retryBlock.js'

/** The frame page the provider returns the popup to (pages/OnrampReturnPage.tsx). */
export const returnUrl = () => new URL('/onramp/return', location.origin).href

export type Frame = {
  readonly core: Core
  /** The frame's one retry block for token balances. */
  readonly balanceRetry: RetryBlock
}

export function checkoutDeps(
  frame: Frame,
  api: Client,
  queryClient: QueryClient,
  account: { network: ChainNetwork; address: string },
  onStatus: (status: Onramp.CheckoutStatus) => void,
): Onramp.Deps {
  const { network, address } = account
  return {
    ...frame.core,
    checkoutUrl: (request) => OnrampQueries.checkoutUrl(api, request),
    open: (url) => Popup.open(url),
    watch: (popup) => Popup.watch(popup, { origin: location.origin, type: onrampMessages.returnMessageType }),
    async purchased() {
      // Each reads again on its own; one that fails (the balance service) keeps its own error state.
      await Promise.allSettled([
        Account.changed(queryClient, { api, balanceRetry: frame.balanceRetry, network, address }),
        queryClient.invalidateQueries({
          queryKey: OnrampQueries.purchases(api, network.caipNetworkId, address).queryKey,
        }),
      ])
    },
    onStatus,
  }
}
