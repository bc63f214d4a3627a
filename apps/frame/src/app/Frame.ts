// The frame as views reach it (through app/context.ts); boot.ts builds it.
import type { QueryClient } from '@tanstack/react-query'
import type { HostConfig, InjectedWalletInfo } from '@walletframe/protocol'
import type { Core } from '../core/Core.js'
import type { ReviewGate } from '../core/reviewGate.js'
import type { Client } from '../data/client.js'
import type { EmbeddedLogin } from '../lib/embeddedLogin.js'
import type { ReadableStore } from '../lib/store.js'
import type { RetryBlock } from '../queries/retryBlock.js'
import type { Source } from '../queries/walletRegistry.js'
import type { FrameStorage } from '../storage/FrameStorage.js'
import type { InjectedWallets } from './injected.js'

/** Everything views use: stores to read, actions to call. Built once the configuration is loaded. */
export type Frame = {
  readonly core: Core
  /** The query client, loaded on first use (the Connect view paints without it). */
  queryClient(): Promise<QueryClient>
  readonly api: Client | undefined
  readonly registry: Source
  /** One balance retry block (30 s after a failure) for every token-balance fetch of this frame. */
  readonly balanceRetry: RetryBlock
  /** Browser wallets the host page announced (EIP-6963). */
  readonly wallets: ReadableStore<InjectedWallets>
  /** The host's configuration, once it has initialised. */
  host(): HostConfig | undefined
  readonly storageRegime: FrameStorage['regime']
  /** Email and social login, loaded on first use (connector, Worker, flows). */
  embedded(): Promise<EmbeddedLogin>
  /** Requests for a browser wallet or WalletConnect waiting on their review (ReviewRequest), loaded on first use. */
  reviewGate(): Promise<ReviewGate>
  readonly actions: {
    connectInjected(wallet: InjectedWalletInfo): Promise<void>
    disconnect(): Promise<void>
    switchNetwork(caipNetworkId: string): Promise<void>
    cancelRequest(id: number): void
    /** SIWXSignMessage: sign in with the connected account. */
    signIn(): Promise<void>
    /** SIWXSignMessage's cancel: disconnect when sign-in is required, else close. */
    cancelSignIn(): Promise<void>
  }
}
