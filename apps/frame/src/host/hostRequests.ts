// Host requests -> core actions. The channel has parsed them; this decides what each does.
import type { HostRequest } from '@walletframe/protocol'
import * as Disconnect from '../core/actions/disconnect.js'
import * as Navigation from '../core/actions/navigation.js'
import * as SignInGate from '../core/actions/signInGate.js'
import * as SwitchNetwork from '../core/actions/switchNetwork.js'
import type { Core } from '../core/Core.js'
import * as Locale from '../core/locale.js'
import { allMessages } from '../locale/load.js'
import type { Router } from '../rpc/router.js'

export type Deps = Pick<
  Core,
  | 'modal'
  | 'connection'
  | 'networks'
  | 'pending'
  | 'storage'
  | 'theme'
  | 'locale'
  | 'isMobile'
  | 'siwx'
  | 'analytics'
> & {
  router: Pick<Router, 'request'>
}

export async function handle(core: Deps, message: HostRequest): Promise<unknown> {
  switch (message.method) {
    case 'open':
      Navigation.open(core, message.params.view)
      return null
    case 'close':
      // While required sign-in has no session the modal stays (and shakes), whoever asks.
      SignInGate.close(core)
      return null
    case 'rpc':
      return core.router.request(message.params)
    case 'switchNetwork':
      await SwitchNetwork.switchNetwork(core, message.params.caipNetworkId)
      return null
    case 'disconnect':
      await Disconnect.disconnect(core)
      return null
    case 'setTheme':
      core.theme.set((current) => ({
        mode: message.params.themeMode ?? current.mode,
        variables: message.params.themeVariables ?? current.variables,
      }))
      return null
    case 'setLocale':
      // Answers once the modal speaks it (its catalog loaded), or rejects when the catalog cannot load.
      await Locale.apply(core.locale, [message.params.locale], allMessages)
      return null
  }
}
