// What the frame needs of any way to reach a wallet (browser wallet, WalletConnect, embedded).
export type Connection = { readonly accounts: readonly string[]; readonly chainId: number }

export type Connector = {
  readonly id: string
  readonly type: 'injected' | 'walletConnect' | 'auth'
  readonly name: string
  readonly icon?: string | undefined
  /** Asks the wallet for accounts; rejects with the wallet's error (4001 when the user declines). */
  connect(): Promise<Connection>
  /** Restores a connection without asking the user; resolves undefined when there is none. */
  reconnect(): Promise<Connection | undefined>
  request(method: string, params?: unknown): Promise<unknown>
  disconnect(): Promise<void>
}
