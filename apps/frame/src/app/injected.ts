// Browser wallets: the ones the host page announced (EIP-6963), listed again each time the modal
// opens on Connect; a connector for the one the user picks; the host page's wallet events for them.
import {
  type HostEvent,
  type InjectedWalletInfo,
  InjectedWalletInfo as InjectedWalletInfoSchema,
} from '@walletframe/protocol'
import * as Injected from '../connectors/injected/Injected.js'
import * as Connect from '../core/actions/connect.js'
import * as Navigation from '../core/actions/navigation.js'
import * as Store from '../lib/store.js'
import type { Connectors } from './connectors.js'

export type InjectedWallets = { readonly list: readonly InjectedWalletInfo[]; readonly loaded: boolean }

export function wire(
  core: Connect.Deps,
  connectors: Pick<Connectors, 'adopt' | 'register'>,
  bridge: Injected.Bridge,
) {
  const wallets = Store.create<InjectedWallets>({ list: [], loaded: false })
  const hostEvents = new Set<(event: HostEvent) => void>()
  const events: Injected.HostEvents = {
    subscribe(listener) {
      hostEvents.add(listener)
      return () => hostEvents.delete(listener)
    },
  }
  /** A connector for `wallet`, followed from now on in place of one built before for it. */
  function adopt(wallet: InjectedWalletInfo) {
    const connector = Injected.create(bridge, events, wallet)
    const choice = { id: connector.id, data: wallet }
    return { connector: connectors.adopt(connector, choice), choice }
  }

  core.modal.subscribe((next, previous) => {
    if (!next.open || previous.open || Navigation.current(core) !== 'Connect') return
    Injected.list(bridge).then(
      (list) => wallets.set({ list, loaded: true }),
      () => wallets.set({ list: [], loaded: true }),
    )
  })
  connectors.register('injected', (choice) => {
    const wallet = InjectedWalletInfoSchema.safeParse(choice.data)
    if (!wallet.success || choice.id !== Injected.connectorId(wallet.data.rdns)) return undefined
    return adopt(wallet.data).connector
  })

  return {
    wallets: wallets as Store.ReadableStore<InjectedWallets>,
    /** Connects the browser wallet the user picked. */
    async connect(wallet: InjectedWalletInfo) {
      const { connector, choice } = adopt(wallet)
      await Connect.connect(core, connector, choice)
    },
    /** An event of a browser wallet in the host page, for its connector. */
    hostEvent(event: HostEvent) {
      for (const listener of hostEvents) listener(event)
    },
  }
}
