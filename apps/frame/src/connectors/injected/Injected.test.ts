import { type HostEvent, type InjectedWalletInfo, ProviderRpcError } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { address, otherAddress } from '../../testing.js'
import type { Event } from '../Connector.js'
import * as Injected from './Injected.js'

const wallet: InjectedWalletInfo = {
  uuid: 'u1',
  name: 'Test Wallet',
  icon: 'data:,',
  rdns: 'org.test.wallet',
}
const solana = solanaNetwork()

type Call = { rdns: string; method: string; params?: unknown }

/**
 * A host page with one browser wallet on `chainId`. The bridge answers `injected:request` by
 * method as the wallet would; `answer` overrides a method's answer.
 */
function setup(options: { chainId?: number; accounts?: string[] } = {}) {
  let chainId = options.chainId ?? 1
  const calls: Call[] = []
  const overrides = new Map<string, (params: unknown) => unknown>()
  const bridge: Injected.Bridge = {
    async request(method: 'injected:request' | 'injected:list', params?: Call) {
      if (method === 'injected:list') return [wallet]
      if (!params) throw new Error('injected:request without params')
      calls.push(params)
      const override = overrides.get(params.method)
      if (override) return override(params.params)
      switch (params.method) {
        case 'eth_requestAccounts':
          return [address]
        case 'eth_accounts':
          return options.accounts ?? [address]
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain':
          chainId = Number.parseInt((params.params as [{ chainId: string }])[0].chainId, 16)
          return null
        case 'personal_sign':
          return '0xsigned'
        default:
          throw new ProviderRpcError(4200, `unsupported: ${params.method}`)
      }
    },
  }
  const hostListeners = new Set<(event: HostEvent) => void>()
  const events: Injected.HostEvents = {
    subscribe(listener) {
      hostListeners.add(listener)
      return () => void hostListeners.delete(listener)
    },
  }
  /** The host page relays one of a wallet's own EIP-1193 events. */
  const walletEvent = (
    event: 'accountsChanged' | 'chainChanged' | 'disconnect',
    data: unknown,
    rdns = wallet.rdns,
  ) => {
    for (const listener of hostListeners)
      listener({ kind: 'event', event: 'injected:event', data: { rdns, event, data } })
  }
  const connector = Injected.create(bridge, events, wallet)
  const emitted: Event[] = []
  connector.subscribe((event) => emitted.push(event))
  return {
    connector,
    calls,
    emitted,
    walletEvent,
    hostListeners,
    answer: (method: string, answer: (params: unknown) => unknown) => overrides.set(method, answer),
  }
}

describe('list', () => {
  it('returns the wallets the host page announced', async () => {
    const requested: string[] = []
    const bridge: Pick<Injected.Bridge, 'request'> = {
      async request(method: string) {
        requested.push(method)
        return [wallet]
      },
    }
    expect(await Injected.list(bridge)).toEqual([wallet])
    expect(requested).toEqual(['injected:list'])
  })

  it('rejects an answer that is not a list of wallets', async () => {
    await expect(Injected.list({ request: async () => [{ name: 'no rdns' }] })).rejects.toThrow()
  })
})

describe('connectorId', () => {
  it('names the connector by the wallet rdns', () => {
    expect(Injected.connectorId('io.metamask')).toBe('injected:io.metamask')
  })
})

describe('create', () => {
  it('describes the wallet as an injected connector', () => {
    const { connector } = setup()
    expect(connector).toMatchObject({
      id: 'injected:org.test.wallet',
      type: 'injected',
      name: 'Test Wallet',
      icon: 'data:,',
    })
  })

  it('names the browser wallet as the app a pending request waits in, with no link to open', () => {
    const { connector } = setup()
    expect(connector.walletApp?.()).toEqual({ name: 'Test Wallet' })
  })

  it('connects with CAIP-10 accounts on the chain the wallet is on', async () => {
    const { connector, calls } = setup({ chainId: 8453 })
    expect(await connector.connect()).toEqual({
      accounts: [`eip155:8453:${address}`],
      network: 'eip155:8453',
    })
    expect(calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'eth_chainId'])
    expect(calls.every((call) => call.rdns === wallet.rdns)).toBe(true)
  })

  it('rejects with the wallet error when the user declines', async () => {
    const { connector, answer } = setup()
    answer('eth_requestAccounts', () => {
      throw new ProviderRpcError(4001, 'User rejected the request.')
    })
    await expect(connector.connect()).rejects.toMatchObject({ code: 4001 })
  })

  it('reconnects without asking the user when the wallet still has accounts for the site', async () => {
    const { connector, calls } = setup({ chainId: 10 })
    expect(await connector.reconnect()).toEqual({ accounts: [`eip155:10:${address}`], network: 'eip155:10' })
    expect(calls.map((call) => call.method)).not.toContain('eth_requestAccounts')
  })

  it('reconnects to nothing when the wallet has no account for the site', async () => {
    const { connector, hostListeners } = setup({ accounts: [] })
    expect(await connector.reconnect()).toBeUndefined()
    expect(hostListeners.size).toBe(0)
  })

  it("turns the wallet's chainChanged into a chainChanged event on the CAIP network", async () => {
    const { connector, emitted, walletEvent } = setup()
    await connector.connect()
    walletEvent('chainChanged', '0x2105')
    expect(emitted).toEqual([{ type: 'chainChanged', network: 'eip155:8453' }])
  })

  it("turns the wallet's accountsChanged into CAIP accounts on its current chain", async () => {
    const { connector, emitted, walletEvent } = setup()
    await connector.connect()
    walletEvent('chainChanged', '0x2105')
    walletEvent('accountsChanged', [otherAddress, address])
    expect(emitted.at(-1)).toEqual({
      type: 'accountsChanged',
      accounts: [`eip155:8453:${otherAddress}`, `eip155:8453:${address}`],
    })
  })

  it('reports a disconnect when the wallet has no account left for the site, and stops following it', async () => {
    const { connector, emitted, walletEvent, hostListeners } = setup()
    await connector.connect()
    walletEvent('accountsChanged', [])
    expect(emitted).toEqual([{ type: 'disconnect', reason: 'ended' }])
    expect(hostListeners.size).toBe(0)
  })

  it("reports a disconnect on the wallet's own disconnect event", async () => {
    const { connector, emitted, walletEvent } = setup()
    await connector.connect()
    walletEvent('disconnect', { code: 4900, message: 'Disconnected' })
    expect(emitted).toEqual([{ type: 'disconnect', reason: 'ended' }])
  })

  it('ignores the events of another wallet', async () => {
    const { connector, emitted, walletEvent } = setup()
    await connector.connect()
    walletEvent('chainChanged', '0x2105', 'org.other.wallet')
    walletEvent('accountsChanged', [], 'org.other.wallet')
    walletEvent('disconnect', null, 'org.other.wallet')
    expect(emitted).toEqual([])
  })

  it('ignores a chainChanged whose chain id is not hex', async () => {
    const { connector, emitted, walletEvent } = setup()
    await connector.connect()
    walletEvent('chainChanged', 8453)
    expect(emitted).toEqual([])
  })

  it('follows no events before it is connected', () => {
    const { emitted, walletEvent } = setup()
    walletEvent('chainChanged', '0x2105')
    expect(emitted).toEqual([])
  })

  it('sends a wallet call to the host page wallet', async () => {
    const { connector, calls } = setup()
    await connector.connect()
    expect(
      await connector.request({ method: 'personal_sign', params: ['0x00', address], network: 'eip155:1' }),
    ).toBe('0xsigned')
    expect(calls.at(-1)).toEqual({ rdns: wallet.rdns, method: 'personal_sign', params: ['0x00', address] })
  })

  it('switches the wallet with wallet_switchEthereumChain and reports accounts on the new chain', async () => {
    const { connector, calls, emitted, walletEvent } = setup()
    await connector.connect()
    await connector.switchNetwork(evmNetwork(8453, 'Base'))
    expect(calls.at(-1)).toEqual({
      rdns: wallet.rdns,
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x2105' }],
    })
    walletEvent('accountsChanged', [address])
    expect(emitted.at(-1)).toEqual({ type: 'accountsChanged', accounts: [`eip155:8453:${address}`] })
  })

  it('adds the chain with wallet_addEthereumChain when the wallet does not know it (4902)', async () => {
    const { connector, calls, answer } = setup()
    answer('wallet_switchEthereumChain', () => {
      throw new ProviderRpcError(4902, 'Unrecognized chain ID')
    })
    answer('wallet_addEthereumChain', () => null)
    const base = evmNetwork(8453, 'Base', 'http://127.0.0.1:9/base')
    await connector.switchNetwork(base)
    expect(calls.at(-1)).toEqual({
      rdns: wallet.rdns,
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x2105',
          chainName: 'Base',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['http://127.0.0.1:9/base'],
        },
      ],
    })
  })

  it('rejects a switch the user declines without adding the chain', async () => {
    const { connector, calls, answer } = setup()
    answer('wallet_switchEthereumChain', () => {
      throw new ProviderRpcError(4001, 'User rejected the request.')
    })
    await expect(connector.switchNetwork(evmNetwork(8453, 'Base'))).rejects.toMatchObject({ code: 4001 })
    expect(calls.map((call) => call.method)).not.toContain('wallet_addEthereumChain')
  })

  it('refuses to switch to a Solana network with 4902', async () => {
    const { connector, calls } = setup()
    await expect(connector.switchNetwork(solana)).rejects.toMatchObject({ code: 4902 })
    expect(calls).toEqual([])
  })

  it('stops following the wallet and revokes its permission on disconnect, even when the wallet refuses', async () => {
    const { connector, calls, emitted, walletEvent, hostListeners } = setup()
    await connector.connect()
    await connector.disconnect()
    expect(calls.at(-1)).toEqual({
      rdns: wallet.rdns,
      method: 'wallet_revokePermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(hostListeners.size).toBe(0)
    walletEvent('chainChanged', '0x2105')
    expect(emitted).toEqual([])
  })

  it('stops calling a listener once it unsubscribed', async () => {
    const { connector, walletEvent } = setup()
    const seen: Event[] = []
    const unsubscribe = connector.subscribe((event) => seen.push(event))
    await connector.connect()
    unsubscribe()
    walletEvent('chainChanged', '0x2105')
    expect(seen).toEqual([])
  })
})
