// A dapp on viem (runs in the host page; bundled by hostPage.ts): a wallet client over the SDK's
// EIP-1193 provider, and a log of the provider's events in order, with the chain viem reads when
// `connect` arrives (what a dapp starting from that event sees). `window.host` is for the spec.
import { createWalletframe } from '@walletframe/sdk'
import { createWalletClient, custom } from 'viem'
import { hostConfig } from './hostConfig.js'

const settings = hostConfig()
const instance = createWalletframe({
  projectId: settings.projectId,
  frameUrl: settings.frameUrl,
  networks: settings.networks,
  metadata: { name: 'viem host', url: location.origin },
})
const { provider } = instance
const client = createWalletClient({ transport: custom(provider) })

const events: string[] = []
let chainAtConnect: Promise<number> | undefined
provider.on('connect', (info) => {
  events.push(`connect ${JSON.stringify(info)}`)
  chainAtConnect = client.getChainId()
})
provider.on('chainChanged', (chainId) => events.push(`chainChanged ${JSON.stringify(chainId)}`))
provider.on('accountsChanged', (accounts) => events.push(`accountsChanged ${JSON.stringify(accounts)}`))
provider.on('disconnect', (error) => events.push(`disconnect ${error.code}`))

const host = {
  /** viem's eth_requestAccounts: opens the modal; resolves once a wallet is connected. */
  requestAddresses: () => client.requestAddresses(),
  events: () => events,
  chainAtConnect: () => chainAtConnect,
  state: () => instance.getState(),
  disconnect: () => instance.disconnect(),
}
Object.assign(window, { host, walletframe: instance })
