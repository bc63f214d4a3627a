// The wagmi connector over a Walletframe instance: wagmi's connect opens the modal and resolves when
// the frame reports an EVM account; reconnect on load reads the state the frame restored; signing and
// sending go through the SDK's EIP-1193 provider. https://wagmi.sh/dev/creating-connectors
import { ChainNotConfiguredError, createConnector, type Storage } from '@wagmi/core'
import { getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import { info } from '../announce.js'
import type { Walletframe } from '../createWalletframe.js'
import type { Provider } from '../Provider.js'
import * as BrowserWallets from './browserWallets.js'

export declare namespace walletframe {
  type Parameters = {
    /** The page's Walletframe instance (`createWalletframe`); the connector never creates one. */
    instance: Walletframe
  }
}

walletframe.type = 'walletframe' as const

/** What this connector keeps in wagmi's storage: wagmi's own shimDisconnect flags (see below). */
type StorageItem = { [_ in `${string}.disconnected`]: true }

export function walletframe({ instance }: walletframe.Parameters) {
  const { provider } = instance
  type Listeners = {
    accountsChanged: (accounts: string[]) => void
    chainChanged: (chainId: string) => void
    disconnect: (error: Error) => void
  }
  let listeners: Listeners | undefined
  let onConnect: ((connectInfo: { chainId: string }) => void) | undefined
  /** The page's browser wallets, watched from setup on: the frame connects through one of them. */
  let wallets: BrowserWallets.BrowserWallets | undefined

  return createConnector<Provider, Record<string, unknown>, StorageItem>((config) => ({
    id: 'walletframe',
    name: info.name,
    icon: info.icon,
    // The SDK also announces its provider with EIP-6963 under this rdns: wagmi then lists this
    // connector, not a second, generic injected one for the same provider.
    rdns: info.rdns,
    type: walletframe.type,

    async setup() {
      // A user who connects through the host's own open() button is connected in wagmi too.
      if (onConnect) return
      onConnect = (connectInfo) => this.onConnect?.(connectInfo)
      provider.on('connect', onConnect)
      if (typeof window !== 'undefined') wallets = BrowserWallets.watch(window)
    },

    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      await instance.ready
      // The frame answers eth_requestAccounts at once when connected; otherwise it opens the modal
      // and answers when the user connected, or rejects with 4001 when the modal closes without.
      const accounts = isReconnecting
        ? await this.getAccounts()
        : await provider
            .request({ method: 'eth_requestAccounts' })
            .then((answer) => (answer as string[]).map((address) => getAddress(address)))
            .catch((error) => {
              throw (error as { code?: number }).code === 4001
                ? new UserRejectedRequestError(error as Error)
                : error
            })
      // Awaited: wagmi's reconnect() asks the next connector only once this one has connected.
      if (wallets) await disconnectOwnConnectors(wallets, config.storage, accounts)
      let current = await this.getChainId()
      if (chainId && chainId !== current) current = (await this.switchChain?.({ chainId }))?.id ?? current
      subscribe(this)
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: current,
      }
    },

    async disconnect() {
      unsubscribe()
      await instance.disconnect()
    },

    async getAccounts() {
      const accounts = (await provider.request({ method: 'eth_accounts' })) as string[]
      return accounts.map((address) => getAddress(address))
    },

    async getChainId() {
      // While a Solana network is active the EVM chain is the first one wagmi knows: EIP-1193 has
      // no chain id for Solana, and wagmi's state needs a number.
      const network = instance.getNetwork()
      if (network?.caipNetworkId && !network.caipNetworkId.startsWith('eip155:')) return config.chains[0].id
      return Number(await provider.request({ method: 'eth_chainId' }))
    },

    async getProvider() {
      return provider
    },

    async isAuthorized() {
      try {
        await instance.ready
      } catch {
        // The frame refused this host or did not start: nothing to reconnect to.
        return false
      }
      return instance.getState().allAccounts.some((account) => account.namespace === 'eip155')
    },

    async switchChain({ chainId }) {
      const chain = config.chains.find((candidate) => candidate.id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      try {
        await instance.switchNetwork(`eip155:${chainId}`)
      } catch (error) {
        if ((error as { code?: number }).code === 4001) throw new UserRejectedRequestError(error as Error)
        throw new SwitchChainError(error as Error)
      }
      // The frame also sends chainChanged; saying it here means wagmi's state has the new chain
      // when switchChain resolves, whichever message arrives first.
      config.emitter.emit('change', { chainId })
      return chain
    },

    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect()
      else config.emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) })
    },

    onChainChanged(chain) {
      config.emitter.emit('change', { chainId: Number(chain) })
    },

    async onConnect(connectInfo) {
      const accounts = await this.getAccounts()
      if (accounts.length === 0) return
      if (wallets) await disconnectOwnConnectors(wallets, config.storage, accounts)
      subscribe(this)
      config.emitter.emit('connect', { accounts, chainId: Number(connectInfo.chainId) })
    },

    onDisconnect() {
      unsubscribe()
      config.emitter.emit('disconnect')
    },
  }))

  function subscribe(connector: {
    onAccountsChanged(accounts: string[]): void
    onChainChanged(chainId: string): void
    onDisconnect(error?: Error): void
  }) {
    if (listeners) return
    listeners = {
      accountsChanged: connector.onAccountsChanged.bind(connector),
      chainChanged: connector.onChainChanged.bind(connector),
      disconnect: connector.onDisconnect.bind(connector),
    }
    provider.on('accountsChanged', listeners.accountsChanged)
    provider.on('chainChanged', listeners.chainChanged)
    provider.on('disconnect', listeners.disconnect)
  }

  function unsubscribe() {
    if (!listeners) return
    provider.removeListener('accountsChanged', listeners.accountsChanged)
    provider.removeListener('chainChanged', listeners.chainChanged)
    provider.removeListener('disconnect', listeners.disconnect)
    listeners = undefined
  }
}

/**
 * Keeps wagmi from holding a second connection to this connector's account through a browser
 * wallet's own connector. The frame's eth_requestAccounts runs on the wallet in this page (the SDK's
 * injected bridge), so from then on the wallet answers eth_accounts for the dapp's origin. wagmi's
 * EIP-6963 discovery (on by default) has a connector for that wallet, whose id is the wallet's rdns,
 * and reconnect() connects every connector whose isAuthorized() is true: after a reload the dapp
 * would have two connections, and disconnect() would leave it connected through the wallet (and,
 * with a wallet that ignores the frame's wallet_revokePermissions, reconnected on the next load).
 *
 * The rule used is wagmi's own shimDisconnect (connectors/injected.ts): while `<id>.disconnected` is
 * in wagmi's storage, that injected connector's isAuthorized() is false, and connecting through it
 * removes the flag. So the user can still connect the wallet directly, and a wallet authorised for
 * another account is left alone. Without storage (`storage: null`) wagmi keeps no flags, nor do we.
 */
async function disconnectOwnConnectors(
  wallets: BrowserWallets.BrowserWallets,
  storage: Storage<StorageItem> | null | undefined,
  accounts: readonly string[],
) {
  const [address] = accounts
  if (!storage || !address) return
  for (const rdns of await wallets.holding(address)) await storage.setItem(`${rdns}.disconnected`, true)
}
