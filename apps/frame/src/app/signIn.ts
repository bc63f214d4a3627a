// Sign-in (SIWE / SIWS) for a host that asks for it: the actions, the API's session calls and the
// chains load on first need, at the latest with the handshake. Kept sessions are checked once the
// host knows the restored state, and revoked when the connection ends.

import type * as SignInActions from '../core/actions/signIn.js'
import * as SignInGate from '../core/actions/signInGate.js'
import type { Core } from '../core/Core.js'
import type { Client } from '../data/client.js'
import { lazy } from './lazy.js'

export type SignIn = ReturnType<typeof create>

type Action<T> = (SignIn: typeof SignInActions, deps: SignInActions.Deps) => T | Promise<T>

export function create(
  core: Omit<SignInActions.Deps, 'api' | 'origin' | 'appName' | 'chain' | 'now'> & Pick<Core, 'hostSession'>,
  api: Client | undefined,
) {
  const loaded = lazy(() =>
    Promise.all([
      import('../core/actions/signIn.js'),
      import('../data/sessions.js'),
      import('../chains/load.js'),
    ]).then(([SignIn, Sessions, Chains]) => {
      const sessions = Sessions.sessionsApi(api as Client)
      // Built when used: the host and its origin are the current handshake's.
      const deps = (): SignInActions.Deps => ({
        ...core,
        api: sessions,
        origin: core.hostSession.get()?.origin as string,
        appName: core.hostSession.config()?.metadata.name ?? '',
        chain: Chains.load,
      })
      return { SignIn, deps }
    }),
  )
  async function run<T>(action: Action<T>): Promise<T> {
    const { SignIn, deps } = await loaded()
    return action(SignIn, deps())
  }
  /** HostConfig.siwx; sign-in needs the API (nonces, sessions), without one it cannot be offered. */
  const config = () => (api ? core.hostSession.config()?.siwx : undefined)

  core.siwx.subscribe((next, previous) => {
    if (next.signedAtConnect && next.signedAtConnect !== previous.signedAtConnect)
      void run((SignIn, deps) => SignIn.adopt(deps))
  })
  SignInGate.watch(core, () => {
    void run((SignIn, deps) => SignIn.signOut(deps))
  })

  return {
    /** SIWXSignMessage: sign in with the connected account. */
    signIn: () => run((SignIn, deps) => SignIn.signIn(deps)),
    /** SIWXSignMessage's cancel: disconnect when sign-in is required, else close. */
    cancel: () => run((SignIn, deps) => SignIn.cancel(deps)),
    /**
     * What a WalletConnect wallet is asked to sign in to as it connects: the host's EVM networks, a
     * fresh nonce. None when the host wants no sign-in or uses no EVM network (sign-in then follows
     * the connection, on SIWXSignMessage).
     */
    async walletConnectRequest() {
      if (!config()) return undefined
      const chains = core.networks
        .get()
        .available.filter((network) => network.chainNamespace === 'eip155')
        .map((network) => network.caipNetworkId)
      if (chains.length === 0) return undefined
      const { SignIn, deps } = await loaded()
      try {
        return await SignIn.walletConnectRequest(deps(), chains)
      } catch (error) {
        // No nonce (the API is away): the wallet connects alone and sign-in follows.
        console.error('[walletframe] no sign-in request for WalletConnect:', error)
        return undefined
      }
    },
    /** With the handshake, so that `initialized` finds sign-in ready; a host without sign-in has no sessions. */
    async preload() {
      if (config()) await loaded()
      else core.siwx.set({ config: undefined, sessions: [] })
    },
    /**
     * Once the host knows the restored state: the kept sessions are loaded (the host hears of them
     * now: events before `initialized` are not sent), checked with the API, and required sign-in is
     * asked for.
     */
    initialized() {
      const siwx = config()
      if (!siwx) return
      void run((SignIn, deps) => {
        SignIn.load(deps, siwx)
        return SignIn.check(deps)
      })
        .then(() => {
          if (siwx.required) SignInGate.prompt(core)
        })
        .catch((error: unknown) => console.error('[walletframe] checking sign-in sessions failed:', error))
    },
  }
}
