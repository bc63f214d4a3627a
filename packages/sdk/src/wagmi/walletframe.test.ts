// The connector in @wagmi/core's config over a real instance in jsdom; the test plays the frame's
// side of the MessagePort (internal/testing.ts). The browser flows (connect through the
// modal, signing, sending on the devnets, reload) are e2e/wagmi.spec.ts; these are the edges.
import { connect, createConfig, disconnect, getConnection, http, reconnect } from '@wagmi/core'
import { UserRejectedRequestError } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  address,
  base,
  connected,
  destroyInstances,
  disconnected,
  startInstance,
} from '../internal/testing.js'
import { walletframe } from './walletframe.js'

const solana = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana', supported: true }
const chains = [8453, 1].map((id) => ({
  id,
  name: `chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})) as unknown as readonly [import('viem').Chain, import('viem').Chain]

const stops: (() => void)[] = []

afterEach(() => {
  destroyInstances()
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
})

function start({ multiInjectedProviderDiscovery = false } = {}) {
  const { instance, frame } = startInstance({ networks: ['eip155:8453', 'eip155:1'] })
  const config = createConfig({
    chains,
    connectors: [walletframe({ instance })],
    transports: { 8453: http(), 1: http() },
    multiInjectedProviderDiscovery,
  })
  return { instance, frame, config }
}

/**
 * A browser wallet in the page (EIP-6963) that has authorised this origin for `accounts` and keeps
 * that permission, as a wallet without EIP-2255 revoke does after the frame disconnects it.
 */
function installWallet(rdns: string, accounts: string[]) {
  const provider = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return accounts
      if (method === 'eth_chainId') return '0x2105'
      throw Object.assign(new Error(`Unsupported method: ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const detail = Object.freeze({
    info: { uuid: crypto.randomUUID(), name: rdns, icon: 'data:,', rdns },
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  stops.push(() => window.removeEventListener('eip6963:requestProvider', announce))
  announce()
}

/** The page reloads with wagmi's defaults; the frame restores `account`. Returns what reconnect() connected. */
async function reload(account: object) {
  destroyInstances()
  const { frame, config } = start({ multiInjectedProviderDiscovery: true })
  frame.event('initialized', { account, network: base })
  const connections = await reconnect(config)
  return { frame, config, reconnected: connections.map(({ connector }) => connector.id) }
}

const throughWallet = { ...connected, connector: 'injected' }

describe('walletframe (wagmi connector)', () => {
  it('is listed under the rdns of the SDK announcement, so wagmi does not add a second connector', () => {
    const { config } = start()
    expect(config.connectors.map(({ id, name, rdns, type }) => ({ id, name, rdns, type }))).toEqual([
      { id: 'walletframe', name: 'Walletframe', rdns: 'app.walletframe', type: 'walletframe' },
    ])
  })

  it('reconnects to nothing when the frame refuses the host', async () => {
    const { frame, config } = start()
    frame.event('initError', { code: 4100, message: 'Invalid App Configuration', data: 'origin not allowed' })
    expect(await reconnect(config)).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('reconnects to the account the frame restored', async () => {
    const { frame, config } = start()
    frame.event('initialized', { account: connected, network: base })
    const [connection] = await reconnect(config)
    expect(connection?.accounts).toEqual([address])
    expect(connection?.chainId).toBe(8453)
  })

  it("rejects connect with viem's UserRejectedRequestError when the user closes the modal", async () => {
    const { frame, config } = start()
    frame.event('initialized', { account: disconnected, network: base })
    const connecting = connect(config, { connector: config.connectors[0] as (typeof config.connectors)[0] })
    const request = await frame.next()
    expect(request.params?.method).toBe('eth_requestAccounts')
    frame.post({
      kind: 'response',
      id: request.id,
      error: { code: 4001, message: 'User rejected the request.' },
    })
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('reports the first configured chain while a Solana network is active', async () => {
    const { frame, config } = start()
    frame.event('initialized', { account: connected, network: solana })
    const [connection] = await reconnect(config)
    expect(connection?.chainId).toBe(8453)
  })
})

describe("walletframe with wagmi's EIP-6963 discovery on", () => {
  it('reconnects alone though wagmi lists the browser wallet the frame connected through; disconnect() leaves nothing connected, also after a reload', async () => {
    installWallet('org.test.wallet', [address])
    const { frame, config } = start({ multiInjectedProviderDiscovery: true })
    expect(config.connectors.map(({ id }) => id)).toEqual(['walletframe', 'org.test.wallet'])
    frame.event('initialized', { account: throughWallet, network: base })
    expect((await reconnect(config)).map(({ connector }) => connector.id)).toEqual(['walletframe'])

    const disconnecting = disconnect(config)
    expect((await frame.answer()).method).toBe('disconnect')
    await disconnecting
    expect(getConnection(config).status).toBe('disconnected')
    expect(config.state.connections.size).toBe(0)
    // The wallet still answers eth_accounts: wagmi's own connector for it stays disconnected.
    const { reconnected, config: reloaded } = await reload(disconnected)
    expect(reconnected).toEqual([])
    expect(getConnection(reloaded).status).toBe('disconnected')
  })

  // The reloads below find the frame without its session (storage cleared, or a disconnect in another
  // tab): only a flag written when the user connected keeps wagmi's own connector for the wallet out.
  it("after wagmi's connect, a reload does not connect the wallet through wagmi's own connector", async () => {
    installWallet('org.test.wallet', [address])
    const { frame, config } = start({ multiInjectedProviderDiscovery: true })
    frame.event('initialized', { account: disconnected, network: base })
    const connecting = connect(config, { connector: config.connectors[0] as (typeof config.connectors)[0] })
    const request = await frame.next()
    expect(request.params?.method).toBe('eth_requestAccounts')
    frame.post({ kind: 'response', id: request.id, result: [address] })
    await connecting
    expect((await reload(disconnected)).reconnected).toEqual([])
  })

  it("after the host's own open(), a reload does not connect the wallet through wagmi's own connector", async () => {
    installWallet('org.test.wallet', [address])
    const { frame, config } = start({ multiInjectedProviderDiscovery: true })
    frame.event('initialized', { account: disconnected, network: base })
    frame.event('state', throughWallet)
    frame.event('eip1193', { event: 'connect', data: { chainId: base.chainId } })
    await vi.waitFor(() => expect(getConnection(config).status).toBe('connected'))
    expect(config.state.connections.size).toBe(1)
    expect((await reload(disconnected)).reconnected).toEqual([])
  })

  it('leaves to wagmi a browser wallet authorised for another account', async () => {
    installWallet('org.other.wallet', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    const { frame, config } = start({ multiInjectedProviderDiscovery: true })
    frame.event('initialized', { account: throughWallet, network: base })
    expect((await reconnect(config)).map(({ connector }) => connector.id)).toEqual([
      'walletframe',
      'org.other.wallet',
    ])
  })
})
