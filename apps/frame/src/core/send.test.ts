import type { NameAccount } from '@walletframe/protocol'
import { evmNetwork, solanaNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import { eth, usdc, usdcContract } from './send.fixtures.js'
import * as SendForm from './send.js'

const ethereum = evmNetwork(1, 'Ethereum')
const base = evmNetwork(8453, 'Base')

describe('tokenOf', () => {
  it('keeps the chosen token while it is held, else the native currency, else the first', () => {
    expect(SendForm.tokenOf({ token: usdc }, [eth, usdc], ethereum)).toBe(usdc)
    expect(SendForm.tokenOf({ token: usdc }, [eth], ethereum)).toBe(eth)
    expect(SendForm.tokenOf({ token: undefined }, [usdc, eth], ethereum)).toBe(eth)
    expect(SendForm.tokenOf({ token: undefined }, [usdc], ethereum)).toBe(usdc)
  })
})

describe('tokenAddress', () => {
  it('is the contract of a token and undefined for the native currency', () => {
    expect(SendForm.tokenAddress(usdc)).toBe(usdcContract)
    expect(SendForm.tokenAddress(eth)).toBeUndefined()
  })
})

describe('nameOf', () => {
  it('resolves a name on EVM networks only, in lower case; an address is no name', () => {
    expect(SendForm.nameOf(' Bob-Name.wf.id ', ethereum)).toBe('bob-name.wf.id')
    expect(SendForm.nameOf('bob-name.wf.id', solanaNetwork())).toBeUndefined()
    expect(SendForm.nameOf(usdcContract, ethereum)).toBeUndefined()
  })
})

describe('addressOn', () => {
  const account = (addresses: NameAccount['addresses']): NameAccount => ({
    name: 'bob-name.wf.id',
    addresses,
    attributes: {},
    createdAt: '2026-01-01T00:00:00.000Z',
  })

  it("takes the network's own coin type first, else Ethereum's (60)", () => {
    const onBase = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const onEthereum = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const both = account({ '60': { address: onEthereum }, '2147492101': { address: onBase } })
    expect(SendForm.addressOn(both, base)).toBe(onBase)
    expect(SendForm.addressOn(account({ '60': { address: onEthereum } }), base)).toBe(onEthereum)
    expect(SendForm.addressOn(account({}), ethereum)).toBeUndefined()
  })
})
