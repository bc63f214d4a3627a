// A dapp on wagmi (runs in the host page; bundled by hostPage.ts): @wagmi/core's config with the
// Walletframe connector and the devnets' transports. It reconnects on load, like a wagmi app does;
// `window.host` lets the spec drive wagmi's actions and read what they returned.
import {
  type Connector,
  connect,
  createConfig,
  disconnect,
  getConnection,
  http,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  waitForTransactionReceipt,
  watchConnection,
} from '@wagmi/core'
import { createWalletframe } from '@walletframe/sdk'
import { walletframe } from '@walletframe/sdk/wagmi'
import type { Chain } from 'viem'
import { hostConfig } from './hostConfig.js'

const settings = hostConfig()
const instance = createWalletframe({
  projectId: settings.projectId,
  frameUrl: settings.frameUrl,
  networks: settings.networks,
  metadata: { name: 'wagmi host', url: location.origin },
})
const chains = (settings.chains ?? []).map(
  (chain): Chain => ({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }),
) as [Chain, ...Chain[]]
const connector = walletframe({ instance })
const config = createConfig({
  chains,
  connectors: [connector],
  transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
  // wagmi's default unless the spec says otherwise: its EIP-6963 discovery lists the test wallet
  // this page announces beside our connector.
  ...(settings.multiInjectedProviderDiscovery === undefined
    ? {}
    : { multiInjectedProviderDiscovery: settings.multiInjectedProviderDiscovery }),
})

/** Every status wagmi's connection went through, in order (for the events the connector emits). */
const history: string[] = []
watchConnection(config, {
  onChange(connection) {
    history.push(`${connection.status} ${connection.address ?? '-'} ${connection.chainId ?? '-'}`)
  },
})

/** The most connections wagmi held at once since the page loaded. */
let mostConnections = config.state.connections.size
config.subscribe(
  (state) => state.connections.size,
  (size) => {
    mostConnections = Math.max(mostConnections, size)
  },
)

/** Connect time through the connector: wagmi's connect() call to its resolution. */
let connectMs: number | undefined
let connecting: Promise<unknown> | undefined
let reconnectMs: number | undefined

const host = {
  reconnected: reconnect(config).then((connections) => {
    reconnectMs = performance.now()
    return connections.map((c) => c.connector.id)
  }),
  /** Navigation start to reconnect() resolved. */
  reconnectMs: () => reconnectMs,
  /** Starts wagmi's connect (the modal opens); `connected()` waits for it. */
  connect() {
    const started = performance.now()
    connecting = connect(config, { connector: config.connectors[0] as Connector }).then((result) => {
      connectMs = performance.now() - started
      return { accounts: [...result.accounts], chainId: result.chainId }
    })
    connecting.catch(() => {})
  },
  connected: () => connecting,
  connectMs: () => connectMs,
  connection() {
    const { status, address, chainId, connector } = getConnection(config)
    return { status, address, chainId, connector: connector?.id }
  },
  history: () => history,
  /** The ids of wagmi's connectors (ours, then those its discovery added). */
  connectors: () => config.connectors.map((c) => c.id),
  /** The ids of the connectors wagmi holds a connection through now. */
  connections: () => [...config.state.connections.values()].map((c) => c.connector.id),
  mostConnections: () => mostConnections,
  signMessage: (message: string) => signMessage(config, { message }),
  signTypedData: () =>
    signTypedData(config, {
      domain: { name: 'Walletframe', version: '1', chainId: getConnection(config).chainId ?? 1 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello from wagmi' },
    }),
  async sendTransaction(to: `0x${string}`, value: string) {
    const hash = await sendTransaction(config, { to, value: BigInt(value) })
    const receipt = await waitForTransactionReceipt(config, { hash })
    return { hash, status: receipt.status, chainId: getConnection(config).chainId }
  },
  switchChain: (chainId: number) => switchChain(config, { chainId }).then((chain) => chain.id),
  disconnect: () => disconnect(config),
}
Object.assign(window, { host, walletframe: instance })
