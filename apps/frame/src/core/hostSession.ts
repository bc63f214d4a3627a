// The host this frame serves, as the last handshake (host:init) left it: its configuration, its page's
// origin as the handshake verified it, and the SDK that spoke for it (every API call names it).
// Undefined until a handshake succeeds.
import type { HostConfig, HostInit } from '@walletframe/protocol'
import * as Store from '../lib/store.js'

export type HostSession = {
  readonly config: HostConfig
  /** The host page's origin, as the handshake verified it. */
  readonly origin: string
  /** The SDK's type and version (the API's `st` and `sv`). */
  readonly sdk: { readonly type: string; readonly version: string }
  /**
   * The project's deny list, as its API gave it at the handshake: the review's own check where the
   * API's review does not arrive in time.
   */
  readonly denyList?: string | undefined
}

export type HostSessionStore = Store.ReadableStore<HostSession | undefined> & {
  /** The handshake accepted the host that sent `message` from `origin`. */
  start(
    message: Pick<HostInit, 'config' | 'sdkType' | 'sdkVersion'>,
    origin: string,
    project?: { readonly denyList?: string | undefined },
  ): void
  /** The host's configuration, once a handshake has succeeded. */
  config(): HostConfig | undefined
  /**
   * Calls `listener` when a handshake brings another project than the one before it (a project's
   * sessions are its own); the first handshake changes no project.
   */
  onProjectChange(listener: () => void): () => void
}

export function create(): HostSessionStore {
  const store = Store.create<HostSession | undefined>(undefined)
  return {
    get: store.get,
    subscribe: store.subscribe,
    start(message, origin, project) {
      store.set({
        config: message.config,
        origin,
        sdk: { type: message.sdkType, version: message.sdkVersion },
        ...(project?.denyList && { denyList: project.denyList }),
      })
    },
    config: () => store.get()?.config,
    onProjectChange(listener) {
      return store.subscribe((next, previous) => {
        if (previous && next && previous.config.projectId !== next.config.projectId) listener()
      })
    },
  }
}
