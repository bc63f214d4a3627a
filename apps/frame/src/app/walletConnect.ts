// WalletConnect for the current host, loaded on first need (the Connect view after its first paint,
// or a stored session to restore). A re-handshake from the same host keeps the client and its
// session; another project gets its own.
import type { QueryClient } from '@tanstack/react-query'
import type { FrameConfig, HostConfig } from '@walletframe/protocol'
import type * as WalletConnect from '../connectors/walletConnect/WalletConnect.js'
import type { Core } from '../core/Core.js'
import * as WalletRegistry from '../queries/walletRegistry.js'
import type { Storage } from '../storage/Storage.js'
import type { Connectors } from './connectors.js'
import { lazy } from './lazy.js'

export declare namespace wire {
  type Options = {
    config: NonNullable<FrameConfig['walletConnect']>
    /** Non-secret state: the sessions, recent wallets, the deep-link choice. */
    storage: Storage
    /** The query client once loaded: the registry lists it holds name a session's wallet. */
    queryClient(): QueryClient | undefined
    /** What the wallet is asked to sign in to as it connects (see signIn.ts). */
    signIn: NonNullable<WalletConnect.create.Options['signIn']>
  }
}

export function wire(
  core: Pick<Core, 'hostSession' | 'networks' | 'analytics' | 'pairing'>,
  connectors: Pick<Connectors, 'adopt' | 'register'>,
  options: wire.Options,
): void {
  const client = lazy(() => {
    // The project of the host that asked first: another project resets this (below).
    const host = core.hostSession.config() as HostConfig
    return import('../connectors/walletConnect/WalletConnect.js').then(({ create }) => {
      const walletConnect = create({
        config: options.config,
        projectId: host.projectId,
        metadata: host.metadata,
        storage: options.storage,
        networks: () => ({
          available: core.networks.get().available,
          active: core.networks.get().active?.caipNetworkId,
        }),
        findWallet: (name) => {
          const queryClient = options.queryClient()
          return queryClient ? WalletRegistry.findByName(queryClient, name) : undefined
        },
        track: (event, properties) =>
          core.analytics.track({ event, properties } as Parameters<typeof core.analytics.track>[0]),
        signIn: options.signIn,
      })
      connectors.adopt(walletConnect)
      core.pairing.loaded(walletConnect.pairing)
      return walletConnect
    })
  })
  // Nothing to load before a host has initialised: its project names the sessions.
  const load = async () => (core.hostSession.get() ? client() : undefined)
  core.pairing.offer(async () => (await load())?.pairing)
  core.hostSession.onProjectChange(() => {
    client.reset()
    core.pairing.loaded(undefined)
  })
  connectors.register('walletConnect', load)
}
