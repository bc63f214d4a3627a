import type { HostRequest, RpcRequest } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import * as Navigation from '../core/actions/navigation.js'
import * as ConnectionStore from '../core/connection.js'
import { connectFake, coreWith } from '../testing.js'
import * as HostRequests from './hostRequests.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')

function setup() {
  const core = coreWith([ethereum, base])
  const router = { request: vi.fn(async (_request: RpcRequest): Promise<unknown> => '0x10') }
  const deps = { ...core, router }
  return { core, router, handle: (message: HostRequest) => HostRequests.handle(deps, message) }
}

describe('handle', () => {
  it('opens the modal on the view the open rules pick', async () => {
    const { core, handle } = setup()
    expect(await handle({ kind: 'request', id: 1, method: 'open', params: {} })).toBeNull()
    expect(core.modal.get().open).toBe(true)
    expect(Navigation.current(core)).toBe('Connect')
  })

  it('opens the modal on the view the host asks for', async () => {
    const { core, handle } = setup()
    await handle({ kind: 'request', id: 1, method: 'open', params: { view: 'Networks' } })
    expect(Navigation.current(core)).toBe('Networks')
  })

  it('closes the modal', async () => {
    const { core, handle } = setup()
    await handle({ kind: 'request', id: 1, method: 'open', params: {} })
    expect(await handle({ kind: 'request', id: 2, method: 'close' })).toBeNull()
    expect(core.modal.get().open).toBe(false)
  })

  it('hands an rpc request to the router and answers with its result', async () => {
    const { router, handle } = setup()
    const params: RpcRequest = { method: 'eth_blockNumber', chainId: 'eip155:8453' }
    expect(await handle({ kind: 'request', id: 1, method: 'rpc', params })).toBe('0x10')
    expect(router.request).toHaveBeenCalledWith(params)
  })

  it("passes the router's rejection on", async () => {
    const { router, handle } = setup()
    router.request.mockRejectedValueOnce(Object.assign(new Error('nope'), { code: 4200 }))
    await expect(
      handle({ kind: 'request', id: 1, method: 'rpc', params: { method: 'debug_traceTransaction' } }),
    ).rejects.toMatchObject({ code: 4200 })
  })

  it('switches the active network', async () => {
    const { core, handle } = setup()
    const connector = await connectFake(core)
    expect(
      await handle({
        kind: 'request',
        id: 1,
        method: 'switchNetwork',
        params: { caipNetworkId: 'eip155:8453' },
      }),
    ).toBeNull()
    expect(connector.switchNetwork).toHaveBeenCalledWith(base)
    expect(core.networks.get().active).toBe(base)
  })

  it('rejects switching to a network the host did not configure with 4902', async () => {
    const { handle } = setup()
    await expect(
      handle({ kind: 'request', id: 1, method: 'switchNetwork', params: { caipNetworkId: 'eip155:10' } }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('disconnects the active connector', async () => {
    const { core, handle } = setup()
    const connector = await connectFake(core)
    expect(await handle({ kind: 'request', id: 1, method: 'disconnect' })).toBeNull()
    expect(core.connection.get()).toEqual(ConnectionStore.disconnected)
    expect(connector.disconnect).toHaveBeenCalledOnce()
  })

  it('rejects with "Failed to disconnect" when the connector fails', async () => {
    const { core, handle } = setup()
    const connector = await connectFake(core)
    connector.disconnect.mockRejectedValueOnce(new Error('relay unreachable'))
    await expect(handle({ kind: 'request', id: 1, method: 'disconnect' })).rejects.toMatchObject({
      message: 'Failed to disconnect',
    })
    expect(core.connection.get().status).toBe('disconnected')
  })

  it('changes the theme mode and variables the host sends, keeping the rest', async () => {
    const { core, handle } = setup()
    await handle({
      kind: 'request',
      id: 1,
      method: 'setTheme',
      params: { themeVariables: { '--wf-accent': '#ff0000' } },
    })
    expect(core.theme.get()).toEqual({ mode: 'dark', variables: { '--wf-accent': '#ff0000' } })
    await handle({ kind: 'request', id: 2, method: 'setTheme', params: { themeMode: 'light' } })
    expect(core.theme.get()).toEqual({ mode: 'light', variables: { '--wf-accent': '#ff0000' } })
  })

  it('answers setLocale once the modal speaks the nearest locale we have', async () => {
    const { core, handle } = setup()
    expect(
      await handle({ kind: 'request', id: 1, method: 'setLocale', params: { locale: 'pt-PT' } }),
    ).toBeNull()
    expect(core.locale.get().locale).toBe('pt-BR')
    expect(core.locale.get().messages.titles.Connect).toBe('Conectar carteira')
    await handle({ kind: 'request', id: 2, method: 'setLocale', params: { locale: 'en-GB' } })
    expect(core.locale.get().locale).toBe('en')
    expect(core.locale.get().messages.titles.Connect).toBe('Connect Wallet')
  })

  it('falls back to English for a language we have no catalog for', async () => {
    const { core, handle } = setup()
    await handle({ kind: 'request', id: 1, method: 'setLocale', params: { locale: 'ar' } })
    await handle({ kind: 'request', id: 2, method: 'setLocale', params: { locale: 'sv-SE' } })
    expect(core.locale.get().locale).toBe('en')
  })
})
