// Starts sign-client for one host project: its sessions, keys and messages in the frame's storage
// under the project's own prefix, over the configured relay. Its code is imported here, lazily, so
// the Connect view paints before it.
import type { ICore, SignClientTypes } from '@walletconnect/types'
import type { FrameWalletConnect } from '@walletframe/protocol'
import * as KeyValueStorage from '../../../storage/KeyValueStorage.js'
import type { Storage } from '../../../storage/Storage.js'
import * as LocalVerify from './localVerify.js'

export type SignClient = Awaited<ReturnType<typeof import('@walletconnect/sign-client').SignClient.init>>
export type Relayer = SignClient['core']['relayer']

/** The public relay, for a configuration that names none. */
export const defaultRelayUrl = 'wss://relay.walletconnect.org'

export declare namespace load {
  type Options = {
    config: FrameWalletConnect
    /** The host's project: sessions are stored per project. */
    projectId: string
    /** Where sign-client keeps its sessions, keys and messages. */
    storage: Storage
    /** The host app as the wallet shows it. */
    metadata: SignClientTypes.Metadata
  }
}

export async function load(options: load.Options): Promise<SignClient> {
  const { config } = options
  const [{ SignClient }, { Core }] = await Promise.all([
    import('@walletconnect/sign-client'),
    import('@walletconnect/core'),
  ])
  const core = new Core({
    projectId: config.projectId,
    relayUrl: config.relayUrl ?? defaultRelayUrl,
    // Sessions of different host projects must not see each other in the frame origin.
    customStoragePrefix: `walletframe:${options.projectId}`,
    storage: KeyValueStorage.create(options.storage),
    telemetryEnabled: false,
    logger: 'error',
  })
  if (!(config.verify ?? config.relayUrl === undefined))
    (core as unknown as { verify: ICore['verify'] }).verify = LocalVerify.create(core as unknown as ICore)
  return SignClient.init({
    // Core's class and the ICore interface differ only under exactOptionalPropertyTypes.
    core: core as unknown as ICore,
    metadata: options.metadata,
  })
}
