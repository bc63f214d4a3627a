import {
  type FrameConfig,
  HostConfig,
  type HostInit,
  type InjectedWalletInfo,
  ProviderRpcError,
} from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import { create } from './controller.js'
import * as ViewStack from './viewStack.js'

const network = (id: number, name: string) => evmNetwork(id, name, `http://127.0.0.1:1/${id}`)

const config: FrameConfig = {
  development: false,
  projects: [{ projectId: 'p1', allowedOrigins: ['https://host.example'] }],
  networks: [network(1, 'Ethereum'), network(8453, 'Base')],
}

const init: HostInit = {
  channel: 'walletframe',
  type: 'host:init',
  version: 1,
  sdkVersion: '0.1.0',
  sdkType: 'walletframe',
  config: HostConfig.parse({
    projectId: 'p1',
    networks: ['eip155:1', 'eip155:8453', 'eip155:10'],
    metadata: { name: 'Host', url: 'https://host.example' },
  }),
}

const wallet: InjectedWalletInfo = {
  uuid: 'u1',
  name: 'Test Wallet',
  icon: 'data:,',
  rdns: 'org.test.wallet',
}
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

/** A host page with one browser wallet on chain `chainId`. */
function setup(options: { chainId?: number; storage?: ReturnType<typeof memoryStorage> } = {}) {
  let chainId = options.chainId ?? 1
  const events: { event: string; data: unknown }[] = []
  const walletCalls: { method: string; params?: unknown }[] = []
  const channel = {
    emit: vi.fn((event: string, data: unknown) => void events.push({ event, data })),
    request: vi.fn(async (method: string, params?: { method: string; params?: unknown }) => {
      if (method === 'injected:list') return [wallet]
      if (!params) throw new Error('missing params')
      walletCalls.push({ method: params.method, params: params.params })
      switch (params.method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [address]
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain':
          chainId = Number.parseInt((params.params as [{ chainId: string }])[0].chainId, 16)
          return null
        case 'personal_sign':
          return '0xsigned'
        default:
          throw new ProviderRpcError(4200, 'unsupported')
      }
    }),
  }
  const fetch = vi.fn(
    async (_url: string | URL | Request, init?: RequestInit) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(String(init?.body)).id, result: '0x10' })),
  )
  const controller = create({
    config,
    channel: channel as never,
    storage: options.storage ?? memoryStorage(),
    isMobile: () => false,
    fetch: fetch as typeof globalThis.fetch,
  })
  return { controller, channel, events, walletCalls, fetch }
}

const rpc = (id: number, method: string, params?: unknown) => ({
  kind: 'request' as const,
  id,
  method: 'rpc' as const,
  params: { method, params },
})

describe('init', () => {
  it('refuses a host origin that is not allowed with Invalid App Configuration', async () => {
    const { controller } = setup()
    await expect(controller.init(init, 'https://evil.example')).rejects.toMatchObject({
      message: 'Invalid App Configuration',
      data: 'Origin not found on Allowlist',
    })
  })

  it('keeps only the host networks the frame knows and activates the first', async () => {
    const { controller } = setup()
    const state = await controller.init(init, 'https://host.example')
    expect(controller.stores.networks.get().available.map((item) => item.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:8453',
    ])
    expect(state).toEqual({
      account: { status: 'disconnected', isConnected: false, allAccounts: [] },
      network: { caipNetworkId: 'eip155:1', chainId: '0x1', name: 'Ethereum', supported: true },
    })
  })
})

describe('request', () => {
  it('opens Connect, reports the modal to the host, and closes back to Connect', async () => {
    const { controller, events } = setup()
    await controller.init(init, 'https://host.example')
    await controller.request({ kind: 'request', id: 1, method: 'open', params: {} })
    expect(ViewStack.current(controller.stores.modal.get().stack)).toBe('Connect')
    expect(events).toContainEqual({ event: 'modal', data: { open: true } })
    await controller.request({ kind: 'request', id: 2, method: 'close' })
    expect(events).toContainEqual({ event: 'modal', data: { open: false } })
  })

  it('answers read methods from the active network RPC endpoint', async () => {
    const { controller, fetch } = setup()
    await controller.init(init, 'https://host.example')
    expect(await controller.request(rpc(1, 'eth_blockNumber'))).toBe('0x10')
    expect(fetch.mock.calls[0]?.[0]).toBe('http://127.0.0.1:1/1')
  })

  it('refuses methods that are not allowed', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    await expect(controller.request(rpc(1, 'debug_traceTransaction'))).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed: debug_traceTransaction',
    })
  })

  it('asks to connect first before a wallet method', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    await expect(controller.request(rpc(1, 'personal_sign', ['0x00', address]))).rejects.toMatchObject({
      code: 4100,
      message: 'Please call connect() before request()',
    })
  })

  it('rejects switching to a network the host did not configure with 4902', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    await expect(
      controller.request({
        kind: 'request',
        id: 1,
        method: 'switchNetwork',
        params: { caipNetworkId: 'eip155:10' },
      }),
    ).rejects.toMatchObject({ code: 4902 })
  })
})

describe('connectInjected', () => {
  it('connects a browser wallet, tells the host, and forwards wallet methods to it', async () => {
    const { controller, events, walletCalls } = setup()
    await controller.init(init, 'https://host.example')
    controller.openModal()
    await controller.connectInjected(wallet)
    expect(controller.stores.account.get()).toMatchObject({
      status: 'connected',
      address,
      caipAddress: `eip155:1:${address}`,
      connector: 'injected',
    })
    expect(events).toContainEqual({ event: 'eip1193', data: { event: 'accountsChanged', data: [address] } })
    expect(controller.stores.modal.get().open).toBe(false)
    expect(await controller.request(rpc(2, 'personal_sign', ['0x00', address]))).toBe('0xsigned')
    expect(walletCalls.at(-1)).toEqual({ method: 'personal_sign', params: ['0x00', address] })
  })

  it('resolves a pending eth_requestAccounts when the user connects', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    const accounts = controller.request(rpc(1, 'eth_requestAccounts'))
    expect(controller.stores.modal.get().open).toBe(true)
    await controller.connectInjected(wallet)
    expect(await accounts).toEqual([address])
  })

  it('rejects a pending eth_requestAccounts with 4001 when the user closes the modal', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    const accounts = controller.request(rpc(1, 'eth_requestAccounts'))
    controller.closeModal()
    await expect(accounts).rejects.toMatchObject({ code: 4001 })
  })

  it('shows UnsupportedChain when the wallet is on a network the host does not use', async () => {
    const { controller, events } = setup({ chainId: 137 })
    await controller.init(init, 'https://host.example')
    controller.openModal()
    await controller.connectInjected(wallet)
    expect(ViewStack.current(controller.stores.modal.get().stack)).toBe('UnsupportedChain')
    expect(events).toContainEqual({
      event: 'network',
      data: { caipNetworkId: 'eip155:137', chainId: '0x89', supported: false },
    })
    await controller.switchNetwork('eip155:8453')
    expect(events).toContainEqual({ event: 'eip1193', data: { event: 'chainChanged', data: '0x2105' } })
    expect(controller.stores.modal.get().open).toBe(false)
  })

  it('restores the connection on the next load without asking the user', async () => {
    const storage = memoryStorage()
    const first = setup({ storage })
    await first.controller.init(init, 'https://host.example')
    await first.controller.connectInjected(wallet)
    const second = setup({ storage })
    const state = await second.controller.init(init, 'https://host.example')
    expect(state.account).toMatchObject({ status: 'connected', address })
    expect(second.walletCalls.map((call) => call.method)).not.toContain('eth_requestAccounts')
  })

  it('disconnect clears the account and tells the host', async () => {
    const { controller, events } = setup()
    await controller.init(init, 'https://host.example')
    await controller.connectInjected(wallet)
    await controller.request({ kind: 'request', id: 9, method: 'disconnect' })
    expect(controller.stores.account.get().isConnected).toBe(false)
    expect(events.at(-1)?.event).toBe('eip1193')
    expect(events).toContainEqual({ event: 'eip1193', data: { event: 'accountsChanged', data: [] } })
  })
})

describe('hostEvent', () => {
  const event = (
    name: 'accountsChanged' | 'chainChanged' | 'disconnect',
    data: unknown,
    rdns = wallet.rdns,
  ) => ({
    kind: 'event' as const,
    event: 'injected:event' as const,
    data: { rdns, event: name, data },
  })

  it('follows the connected browser wallet to another chain and account', async () => {
    const { controller, events } = setup()
    await controller.init(init, 'https://host.example')
    await controller.connectInjected(wallet)
    controller.hostEvent(event('chainChanged', '0x2105'))
    expect(controller.stores.networks.get().active?.caipNetworkId).toBe('eip155:8453')
    expect(events).toContainEqual({ event: 'eip1193', data: { event: 'chainChanged', data: '0x2105' } })
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    controller.hostEvent(event('accountsChanged', [other]))
    expect(controller.stores.account.get()).toMatchObject({
      address: other,
      caipAddress: `eip155:8453:${other}`,
    })
  })

  it('disconnects when the wallet has no account left for the site', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    await controller.connectInjected(wallet)
    controller.hostEvent(event('accountsChanged', []))
    expect(controller.stores.account.get().isConnected).toBe(false)
  })

  it('ignores events of a wallet that is not the connected one', async () => {
    const { controller } = setup()
    await controller.init(init, 'https://host.example')
    await controller.connectInjected(wallet)
    controller.hostEvent(event('accountsChanged', [], 'org.other.wallet'))
    controller.hostEvent(event('chainChanged', '0x2105', 'org.other.wallet'))
    expect(controller.stores.account.get()).toMatchObject({ isConnected: true, address })
    expect(controller.stores.networks.get().active?.caipNetworkId).toBe('eip155:1')
  })
})
