import { type ChainNetwork, ProviderRpcError, type TokenBalance } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import type { Connection } from '../connectors/Connector.js'
import * as Navigation from '../core/actions/navigation.js'
import type * as Core from '../core/Core.js'
import * as ReviewGate from '../core/reviewGate.js'
import { address, connectFake, coreWith, fakeConnector, solanaAddress } from '../testing.js'
import * as Router from './router.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')
const solana = solanaNetwork()
const solanaDevnet = solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet')

function setup(networks: readonly ChainNetwork[] = [ethereum, base]) {
  const core = coreWith(networks)
  const read = vi.fn(
    async (_network: ChainNetwork, _method: string, _params: unknown): Promise<unknown> => '0x10',
  )
  const router = Router.create({ ...core, read })
  return { core, read, router }
}

/** Connects a fake connector whose wallet signs every call with `0xsigned`. */
async function connect(core: Core.Core, connection?: Connection) {
  const connector = await connectFake(core, connection)
  connector.request.mockResolvedValue('0xsigned')
  return connector
}

describe('create', () => {
  it('answers eth_chainId with the active network in hex', async () => {
    const { router } = setup([base])
    expect(await router.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('refuses eth_chainId with 4902 while the active network is not an EVM one', async () => {
    const { router } = setup([solana])
    await expect(router.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4902 })
  })

  it('answers eth_accounts with the EVM address, or nothing when disconnected', async () => {
    const { core, router } = setup()
    expect(await router.request({ method: 'eth_accounts' })).toEqual([])
    await connect(core)
    expect(await router.request({ method: 'eth_accounts' })).toEqual([address])
  })

  it('answers eth_requestAccounts at once when connected', async () => {
    const { core, router } = setup()
    await connect(core)
    expect(await router.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(core.modal.get().open).toBe(false)
  })

  it('opens Connect for eth_requestAccounts and resolves once the user connects', async () => {
    const { core, router } = setup()
    const accounts = router.request({ method: 'eth_requestAccounts' })
    expect(core.modal.get().open).toBe(true)
    expect(Navigation.current(core)).toBe('Connect')
    await connect(core)
    expect(await accounts).toEqual([address])
  })

  it('rejects a waiting eth_requestAccounts with 4001 when the user closes the modal', async () => {
    const { core, router } = setup()
    const accounts = router.request({ method: 'eth_requestAccounts' })
    Navigation.close(core)
    await expect(accounts).rejects.toMatchObject({ code: 4001 })
  })

  it('sends read methods to the active network through `read`', async () => {
    const { router, read } = setup()
    expect(await router.request({ method: 'eth_getBalance', params: [address, 'latest'] })).toBe('0x10')
    expect(read).toHaveBeenCalledWith(ethereum, 'eth_getBalance', [address, 'latest'])
  })

  it('sends read methods to the network the request names', async () => {
    const { router, read } = setup()
    await router.request({ method: 'eth_blockNumber', chainId: 'eip155:8453' })
    expect(read).toHaveBeenCalledWith(base, 'eth_blockNumber', undefined)
  })

  it('refuses a read on a network the host does not use with 4902', async () => {
    const { router, read } = setup()
    await expect(router.request({ method: 'eth_blockNumber', chainId: 'eip155:10' })).rejects.toMatchObject({
      code: 4902,
    })
    expect(read).not.toHaveBeenCalled()
  })

  it('refuses methods that are not allowed with 4200', async () => {
    const { router, read } = setup()
    await expect(router.request({ method: 'debug_traceTransaction' })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed: debug_traceTransaction',
    })
    expect(read).not.toHaveBeenCalled()
  })

  it('asks to connect first before a wallet method (4100)', async () => {
    const { router } = setup()
    await expect(
      router.request({ method: 'personal_sign', params: ['0x00', address] }),
    ).rejects.toMatchObject({
      code: 4100,
      message: 'Please call connect() before request()',
    })
  })

  it('sends wallet methods to the connector for the active network', async () => {
    const { core, router } = setup([base, ethereum])
    const connector = await connect(core, { accounts: [`eip155:8453:${address}`], network: 'eip155:8453' })
    expect(await router.request({ method: 'personal_sign', params: ['0x00', address] })).toBe('0xsigned')
    expect(connector.request).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x00', address],
      network: 'eip155:8453',
    })
  })

  it('sends a wallet method to the network the request names', async () => {
    const { core, router } = setup()
    const connector = await connect(core)
    await router.request({ method: 'eth_sendTransaction', params: [{}], chainId: 'eip155:8453' })
    expect(connector.request).toHaveBeenCalledWith(expect.objectContaining({ network: 'eip155:8453' }))
  })

  it('shows "Action not allowed" when the wallet refuses the method (4200) and passes the error on', async () => {
    const { core, router } = setup()
    const connector = await connect(core)
    connector.request.mockRejectedValueOnce(new ProviderRpcError(4200, 'Method not approved'))
    await expect(router.request({ method: 'wallet_sendCalls', params: [] })).rejects.toMatchObject({
      code: 4200,
    })
    expect(core.toasts.get()).toMatchObject({ open: true, variant: 'error', message: 'Action not allowed' })
  })

  describe('wallet_getAssets for a wallet that lacks it', () => {
    const eth: TokenBalance = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      value: 0,
      price: 0,
      quantity: { decimals: '18', numeric: '1.5' },
      iconUrl: '',
    }
    function withBalances() {
      const core = coreWith([ethereum, base, solana])
      // The API's balance route: ETH on Ethereum, nothing elsewhere.
      const balances = vi.fn(async (path: string, call: { query?: Record<string, unknown> }) => ({
        balances: path.startsWith('v1/account/') && call.query?.chainId === 'eip155:1' ? [eth] : [],
      }))
      const router = Router.create({ ...core, read: vi.fn(), api: { get: balances as never } })
      return { core, router, balances }
    }
    const ethAsset = {
      address: 'native',
      balance: '0x14d1120d7b160000',
      type: 'native',
      metadata: { decimals: 18, name: 'Ether', symbol: 'ETH' },
    }

    it('answers from the API for the connected account when the wallet refuses (4200, -32601), with no toast', async () => {
      for (const code of [4200, -32601]) {
        const { core, router, balances } = withBalances()
        const connector = await connect(core)
        connector.request.mockRejectedValueOnce(new ProviderRpcError(code, 'Method not supported'))
        expect(await router.request({ method: 'wallet_getAssets', params: [{ account: address }] })).toEqual({
          '0x1': [ethAsset],
          '0x2105': [],
        })
        // Only the host's EVM networks are read, for the connected account.
        expect(balances.mock.calls.map(([path, call]) => [path, call.query?.chainId])).toEqual([
          [`v1/account/${address}/balance`, 'eip155:1'],
          [`v1/account/${address}/balance`, 'eip155:8453'],
        ])
        expect(core.toasts.get().open).toBe(false)
      }
    })

    it("leaves a wallet's own answer and its other refusals alone", async () => {
      const { core, router, balances } = withBalances()
      const connector = await connect(core)
      connector.request.mockResolvedValueOnce({ '0x1': [] })
      expect(await router.request({ method: 'wallet_getAssets', params: [{ account: address }] })).toEqual({
        '0x1': [],
      })
      connector.request.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
      await expect(
        router.request({ method: 'wallet_getAssets', params: [{ account: address }] }),
      ).rejects.toMatchObject({ code: 4001 })
      // Other methods a wallet lacks are not answered for it.
      connector.request.mockRejectedValueOnce(new ProviderRpcError(4200, 'Method not approved'))
      await expect(
        router.request({ method: 'wallet_getCallsStatus', params: ['0x01'] }),
      ).rejects.toMatchObject({
        code: 4200,
      })
      expect(balances).not.toHaveBeenCalled()
    })

    it("refuses another address's assets (4100) and malformed parameters (-32602) without reading balances", async () => {
      const { core, router, balances } = withBalances()
      const connector = await connect(core)
      connector.request.mockRejectedValue(new ProviderRpcError(4200, 'Method not approved'))
      await expect(
        router.request({
          method: 'wallet_getAssets',
          params: [{ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
        }),
      ).rejects.toMatchObject({ code: 4100 })
      for (const params of [
        undefined,
        [],
        [{}],
        [{ account: 'me' }],
        [{ account: address, chainFilter: [1] }],
      ])
        await expect(router.request({ method: 'wallet_getAssets', params })).rejects.toMatchObject({
          code: -32602,
        })
      expect(balances).not.toHaveBeenCalled()
    })

    it('keeps the refusal where the frame has no API', async () => {
      const { core, router } = setup()
      const connector = await connect(core)
      connector.request.mockRejectedValueOnce(new ProviderRpcError(4200, 'Method not approved'))
      await expect(
        router.request({ method: 'wallet_getAssets', params: [{ account: address }] }),
      ).rejects.toMatchObject({ code: 4200 })
    })
  })

  it('shows no toast for other wallet errors', async () => {
    const { core, router } = setup()
    const connector = await connect(core)
    connector.request.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
    await expect(router.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({
      code: 4001,
    })
    expect(core.toasts.get().open).toBe(false)
  })

  it('sends solana_signMessage to the connector on the active Solana network', async () => {
    const { core, router } = setup([ethereum, solanaDevnet, solana])
    const connector = await connect(core, {
      accounts: [`eip155:1:${address}`, `${solana.caipNetworkId}:${solanaAddress}`],
      network: 'eip155:1',
    })
    core.networks.set((state) => ({ ...state, active: solana }))
    await router.request({ method: 'solana_signMessage', params: { message: 'aGk=' } })
    expect(connector.request).toHaveBeenCalledWith({
      method: 'solana_signMessage',
      params: { message: 'aGk=' },
      network: solana.caipNetworkId,
    })
  })

  it('sends solana_signMessage to the Solana network the wallet has an account on while an EVM network is active', async () => {
    const { core, router } = setup([ethereum, solanaDevnet, solana])
    const connector = await connect(core, {
      accounts: [`eip155:1:${address}`, `${solana.caipNetworkId}:${solanaAddress}`],
      network: 'eip155:1',
    })
    await router.request({ method: 'solana_signMessage', params: {} })
    expect(connector.request).toHaveBeenCalledWith(expect.objectContaining({ network: solana.caipNetworkId }))
  })

  it("sends solana_signMessage to the host's first Solana network when the wallet has no Solana account", async () => {
    const { core, router } = setup([ethereum, solanaDevnet, solana])
    const connector = await connect(core)
    await router.request({ method: 'solana_signMessage', params: {} })
    expect(connector.request).toHaveBeenCalledWith(
      expect.objectContaining({ network: solanaDevnet.caipNetworkId }),
    )
  })

  it('refuses a Solana call with 4902 when the host uses no Solana network', async () => {
    const { core, router } = setup()
    const connector = await connect(core)
    await expect(router.request({ method: 'solana_signMessage', params: {} })).rejects.toMatchObject({
      code: 4902,
    })
    expect(connector.request).not.toHaveBeenCalled()
  })

  it("sends a Solana dapp's call to the cluster its chain names, without the chain in the wallet's parameters", async () => {
    const { core, router } = setup([ethereum, solana, solanaDevnet])
    const connector = await connect(core, {
      accounts: [`${solana.caipNetworkId}:${solanaAddress}`],
      network: solana.caipNetworkId,
    })
    await router.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQ==', chain: 'solana:devnet' },
    })
    expect(connector.request).toHaveBeenCalledWith({
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQ==' },
      network: solanaDevnet.caipNetworkId,
    })
  })

  it('sends solana:localnet (a dapp on a localhost endpoint) to the network marked localnet', async () => {
    const local = { ...solanaDevnet, name: 'Solana Devnet (local)', localnet: true }
    const { core, router } = setup([ethereum, solana, local])
    const connector = await connect(core, {
      accounts: [`${solana.caipNetworkId}:${solanaAddress}`],
      network: solana.caipNetworkId,
    })
    await router.request({
      method: 'solana_signTransaction',
      params: { transaction: 'AQ==', chain: 'solana:localnet' },
    })
    expect(connector.request).toHaveBeenCalledWith(
      expect.objectContaining({ params: { transaction: 'AQ==' }, network: local.caipNetworkId }),
    )
  })

  it('refuses a Solana chain the host has no network for with 4902 and the chain in the message', async () => {
    const { core, router } = setup([ethereum, solanaDevnet])
    const connector = await connect(core)
    for (const chain of ['solana:localnet', 'solana:mainnet'])
      await expect(
        router.request({ method: 'solana_signAndSendTransaction', params: { transaction: 'AQ==', chain } }),
      ).rejects.toMatchObject({ code: 4902, message: `Network not found: ${chain}` })
    expect(connector.request).not.toHaveBeenCalled()
  })

  it('switches the active network on wallet_switchEthereumChain', async () => {
    const { core, router } = setup()
    const connector = await connect(core)
    expect(
      await router.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).toBe(null)
    expect(connector.switchNetwork).toHaveBeenCalledWith(base)
    expect(core.networks.get().active).toBe(base)
  })

  it('refuses wallet_switchEthereumChain without a hex chain id (-32602)', async () => {
    const { router } = setup()
    await expect(
      router.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 8453 }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('refuses wallet_switchEthereumChain to a chain the host does not use (4902)', async () => {
    const { core, router } = setup()
    await expect(
      router.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(core.networks.get().active).toBe(ethereum)
  })
})

describe('create, with the review gate', () => {
  const to = '0x000000000000000000000000000000000000dEaD'
  const send = { method: 'eth_sendTransaction', params: [{ from: address, to, value: '0x1' }] }

  function reviewed(networks: readonly ChainNetwork[] = [ethereum, base]) {
    const core = coreWith(networks)
    const gate = ReviewGate.create()
    const read = vi.fn(async (): Promise<unknown> => '0x10')
    const router = Router.create({ ...core, read, review: async () => gate })
    return { core, gate, router }
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('sends a request the review reads to the wallet only once the user continues', async () => {
    const { core, gate, router } = reviewed()
    const connector = await connect(core)
    const answer = router.request(send)
    await settled()
    expect(gate.get()).toEqual([
      { id: 1, method: 'eth_sendTransaction', params: send.params, network: 'eip155:1' },
    ])
    expect(connector.request).not.toHaveBeenCalled()
    gate.proceed(1)
    expect(await answer).toBe('0xsigned')
    expect(connector.request).toHaveBeenCalledWith({ ...send, network: 'eip155:1' })
  })

  it('never forwards a blocked request: the app gets 4001 "Action not allowed"', async () => {
    const { core, gate, router } = reviewed()
    const connector = await connect(core)
    const answer = router.request(send)
    await settled()
    gate.block(1)
    gate.reject(1)
    await expect(answer).rejects.toMatchObject({ code: 4001, message: 'Action not allowed' })
    expect(connector.request).not.toHaveBeenCalled()
  })

  it('lets the embedded wallet review in its own approval, and calls the review does not read go on', async () => {
    const { core, gate, router } = reviewed()
    const connector = await connectFake(core, undefined)
    connector.request.mockResolvedValue('0xcapabilities')
    expect(await router.request({ method: 'wallet_getCapabilities', params: [address] })).toBe(
      '0xcapabilities',
    )
    expect(gate.get()).toEqual([])
    const embedded = fakeConnector(undefined, { id: 'auth', type: 'auth' })
    embedded.request.mockResolvedValue('0xsigned')
    core.connection.attach(embedded, [`eip155:1:${address}`])
    expect(await router.request(send)).toBe('0xsigned')
    expect(gate.get()).toEqual([])
  })
})
