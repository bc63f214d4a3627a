import { ProviderRpcError } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { address, connectFake, coreWith, solanaAddress } from '../../testing.js'
import * as ConnectionStore from '../connection.js'
import * as Networks from '../networks.js'
import * as Navigation from './navigation.js'
import { switchNetwork } from './switchNetwork.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')
const solana = solanaNetwork()

const setup = () => coreWith([ethereum, base, solana])

describe('switchNetwork', () => {
  it('asks the connector to move the wallet, then makes the network the active one and remembers it', async () => {
    const core = setup()
    const connector = await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    await switchNetwork(core, 'eip155:8453')
    expect(connector.switchNetwork).toHaveBeenCalledWith(base)
    expect(core.networks.get().active).toBe(base)
    expect(core.storage.getItem(Networks.storageKey)).toBe('eip155:8453')
  })

  it('switches without a connector when nothing is connected', async () => {
    const core = setup()
    await switchNetwork(core, 'eip155:8453')
    expect(core.networks.get().active).toBe(base)
  })

  it('rejects a network the host does not use with 4902 and changes nothing', async () => {
    const core = setup()
    const connector = await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    await expect(switchNetwork(core, 'eip155:10')).rejects.toMatchObject({
      code: 4902,
      message: 'Network not found: eip155:10',
    })
    expect(connector.switchNetwork).not.toHaveBeenCalled()
    expect(core.networks.get().active).toBe(ethereum)
  })

  it('keeps the active network when the wallet refuses to switch', async () => {
    const core = setup()
    const connector = await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    connector.switchNetwork.mockRejectedValueOnce(new ProviderRpcError(4001, 'User rejected the request.'))
    await expect(switchNetwork(core, 'eip155:8453')).rejects.toMatchObject({ code: 4001 })
    expect(core.networks.get().active).toBe(ethereum)
  })

  it('crosses namespaces: the Solana account of the same connection becomes the selected one', async () => {
    const core = setup()
    const connector = await connectFake(core, {
      accounts: [`eip155:1:${address}`, `${solana.caipNetworkId}:${solanaAddress}`],
      network: 'eip155:1',
    })
    await switchNetwork(core, solana.caipNetworkId)
    expect(connector.switchNetwork).toHaveBeenCalledWith(solana)
    expect(core.networks.get().active).toBe(solana)
    expect(ConnectionStore.toAccountState(core.connection.get(), core.networks.get().active)).toMatchObject({
      address: solanaAddress,
      caipAddress: `${solana.caipNetworkId}:${solanaAddress}`,
    })
    expect(core.connection.get().status).toBe('connected')
  })

  it('leaves UnsupportedChain: the wallet is on a supported network and the modal closes', async () => {
    const core = setup()
    Navigation.open(core)
    await connectFake(core, { accounts: [`eip155:137:${address}`], network: 'eip155:137' })
    expect(Navigation.current(core)).toBe('UnsupportedChain')
    await switchNetwork(core, 'eip155:8453')
    expect(core.networks.get()).toMatchObject({ active: base, unsupported: undefined })
    expect(core.modal.get().open).toBe(false)
  })

  it('keeps the modal open when switching from another view', async () => {
    const core = setup()
    await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
    Navigation.open(core, 'Networks')
    await switchNetwork(core, 'eip155:8453')
    expect(core.modal.get().open).toBe(true)
    expect(Navigation.current(core)).toBe('Networks')
  })
})
