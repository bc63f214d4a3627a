// The connector in @wagmi/core's config over a real instance in jsdom; the test plays the frame's
// side of the MessagePort (internal/testing.ts). The browser flows (connect through the
// modal, signing, sending on the devnets, reload) are e2e/wagmi.spec.ts; these are the edges.
import { connect, createConfig, getConnection, http, reconnect } from '@wagmi/core'
import { UserRejectedRequestError } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
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

afterEach(() => {
  destroyInstances()
  localStorage.clear()
})

function start() {
  const { instance, frame } = startInstance({ networks: ['eip155:8453', 'eip155:1'] })
  const config = createConfig({
    chains,
    connectors: [walletframe({ instance })],
    transports: { 8453: http(), 1: http() },
    multiInjectedProviderDiscovery: false,
  })
  return { instance, frame, config }
}

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
