// The wagmi connector over a Walletframe instance: wagmi's connect opens the modal and resolves when
// the frame reports an EVM account; reconnect on load reads the state the frame restored; signing and
// sending go through the SDK's EIP-1193 provider. https://wagmi.sh/dev/creating-connectors
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import { info } from '../announce.js'
import type { Walletframe } from '../createWalletframe.js'
import type { Provider } from '../Provider.js'

export declare namespace walletframe {
  type Parameters = {
    /** The page's Walletframe instance (`createWalletframe`); the connector never creates one. */
    instance: Walletframe
  }
}

walletframe.type = 'walletframe' as const

export function walletframe({ instance }: walletframe.Parameters) {
  const { provider } = instance
  type Listeners = {
    accountsChanged: (accounts: string[]) => void
    chainChanged: (chainId: string) => void
    disconnect: (error: Error) => void
  }
  let listeners: Listeners | undefined
  let onConnect: ((connectInfo: { chainId: string }) => void) | undefined

  return createConnector<Provider>((config) => ({
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
