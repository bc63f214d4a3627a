import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import { address, connectFake, coreWith, otherAddress } from '../../testing.js'
import { dai, eth, usdc } from '../swap.fixtures.js'
import * as SwapForm from '../swap.js'
import * as Swap from './swap.js'

const ethereum = evmNetwork(1, 'Ethereum')

async function setup() {
  const core = coreWith([ethereum])
  const connector = await connectFake(core, { accounts: [`eip155:1:${address}`], network: 'eip155:1' })
  const deps: Swap.Deps = { ...core, swap: SwapForm.create(), prepare: vi.fn() }
  const from = Swap.source(core) as SwapForm.Source
  Swap.open(deps, from)
  Swap.listTokens(deps, [dai, eth, usdc])
  return { core, deps, from, connector }
}

describe('open', () => {
  it('keeps what was entered for the same account, and starts over for another one', async () => {
    const { deps, from } = await setup()
    Swap.setAmount(deps, '5')
    Swap.open(deps, from)
    expect(deps.swap.get()).toMatchObject({ sourceTokenAmount: '5', sourceToken: eth })
    Swap.open(deps, { ...from, address: otherAddress })
    expect(deps.swap.get()).toEqual({
      ...SwapForm.initial,
      source: { network: 'eip155:1', address: otherAddress },
    })
  })
})

describe('setSourceToken and setToToken', () => {
  it('sets a side; picking the token of the other side swaps the two', async () => {
    const { deps } = await setup()
    Swap.setToToken(deps, usdc)
    expect(deps.swap.get()).toMatchObject({ sourceToken: eth, toToken: usdc })
    Swap.setSourceToken(deps, usdc)
    expect(deps.swap.get()).toMatchObject({ sourceToken: usdc, toToken: eth })
    Swap.setToToken(deps, usdc)
    expect(deps.swap.get()).toMatchObject({ sourceToken: eth, toToken: usdc })
    Swap.setToToken(deps, dai)
    expect(deps.swap.get()).toMatchObject({ sourceToken: eth, toToken: dai })
  })
})

describe('switchTokens', () => {
  it('changes the sides and keeps the amount', async () => {
    const { deps } = await setup()
    Swap.setToToken(deps, dai)
    Swap.setAmount(deps, '1')
    Swap.switchTokens(deps)
    expect(deps.swap.get()).toMatchObject({ sourceToken: dai, toToken: eth, sourceTokenAmount: '1' })
  })
})

describe('transact', () => {
  const tx: SwapForm.SwapTransaction = { data: '0x12', to: dai.address, gas: 1n, gasPrice: 1n, value: 0n }

  it('refuses what is not built, and a form of another account, before asking the wallet', async () => {
    const { core, deps, from, connector } = await setup()
    await expect(Swap.transact(deps, { from, tx: undefined })).rejects.toThrow(Swap.SwapError)
    core.connection.setAccounts([`eip155:1:${otherAddress}`])
    await expect(Swap.transact(deps, { from, tx })).rejects.toThrow(Swap.SwapError)
    expect(deps.prepare).not.toHaveBeenCalled()
    expect(connector.request).not.toHaveBeenCalled()
  })
})
