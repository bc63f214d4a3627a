// Extra local services (WalletConnect relay, SMTP catcher, OpenID provider, …) plug into the devstack
// through this shape: they start after the chains, may read the networks, and publish their URLs
// under `services` in the chains file.
import type { ChainNetwork } from '@walletframe/protocol/chains'

export type Service = {
  /** Used in logs and error messages. */
  name: string
  start(context: Service.Context): Promise<Service.Running>
}

export declare namespace Service {
  type Context = {
    /** The networks already running (empty when chains are disabled). */
    networks: readonly ChainNetwork[]
    quiet: boolean
  }
  type Running = {
    /** Entries merged into the chains file's `services`, e.g. `{ relay: 'ws://127.0.0.1:…' }`. */
    urls: Record<string, string>
    stop(): Promise<void>
  }
}
