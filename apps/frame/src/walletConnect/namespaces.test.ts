import type { SessionTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import * as Namespaces from './namespaces.js'

const net = (caipNetworkId: string, chainNamespace: 'eip155' | 'solana' | 'bip122') => ({
  caipNetworkId: caipNetworkId as `${string}:${string}`,
  chainNamespace,
})
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const session: SessionTypes.Namespaces = {
  eip155: {
    chains: ['eip155:1', 'eip155:8453'],
    accounts: [`eip155:1:${address}`, `eip155:8453:${address}`],
    methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
    events: ['accountsChanged', 'chainChanged'],
  },
}

describe('fromNetworks', () => {
  it('asks for every eip155 network with the active one first, plus solana and bip122 chains', () => {
    const result = Namespaces.fromNetworks(
      [
        net('eip155:1', 'eip155'),
        net('eip155:8453', 'eip155'),
        net('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana'),
        net('bip122:000000000019d6689c085ae165831e93', 'bip122'),
      ],
      'eip155:8453',
    )
    expect(result.eip155?.chains).toEqual(['eip155:8453', 'eip155:1'])
    expect(result.eip155?.methods).toEqual(
      expect.arrayContaining([
        'personal_sign',
        'eth_sendTransaction',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'eth_signTypedData_v4',
      ]),
    )
    expect(result.eip155?.events).toEqual(['accountsChanged', 'chainChanged'])
    expect(result.solana?.chains).toEqual(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
    expect(result.bip122?.chains).toEqual(['bip122:000000000019d6689c085ae165831e93'])
  })

  it('leaves out namespaces the host has no network for', () => {
    expect(Object.keys(Namespaces.fromNetworks([net('eip155:1', 'eip155')]))).toEqual(['eip155'])
  })
})

describe('evmAccounts', () => {
  it('returns each address once, optionally on one chain', () => {
    expect(Namespaces.evmAccounts(session)).toEqual([address])
    expect(Namespaces.evmAccounts(session, 'eip155:10')).toEqual([])
  })
})

describe('decide', () => {
  it('sends approved methods on approved chains to the wallet', () => {
    expect(Namespaces.decide(session, { method: 'personal_sign' }, 'eip155:1')).toEqual({ type: 'wallet' })
  })

  it('refuses methods the wallet did not approve', () => {
    expect(Namespaces.decide(session, { method: 'eth_signTypedData_v4' }, 'eip155:1')).toEqual({
      type: 'notAllowed',
    })
    expect(Namespaces.decide(session, { method: 'personal_sign' }, 'eip155:10')).toEqual({
      type: 'notAllowed',
    })
  })

  it('switches to an approved chain without asking the wallet', () => {
    const request = { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }
    expect(Namespaces.decide(session, request, 'eip155:1')).toEqual({
      type: 'switchLocally',
      chain: 'eip155:8453',
    })
  })

  it('asks the wallet to switch to a chain it did not approve when it supports switching', () => {
    const request = { method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }
    expect(Namespaces.decide(session, request, 'eip155:1')).toEqual({
      type: 'askWalletToSwitch',
      chain: 'eip155:10',
    })
  })

  it('answers 4902 territory when the chain is neither approved nor switchable', () => {
    const noSwitch = { eip155: { ...(session.eip155 as SessionTypes.Namespace), methods: ['personal_sign'] } }
    const request = { method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }
    expect(Namespaces.decide(noSwitch, request, 'eip155:1')).toEqual({
      type: 'unrecognizedChain',
      chain: 'eip155:10',
    })
  })

  it('flags a chain id that is not one', () => {
    const request = { method: 'wallet_switchEthereumChain', params: [{ chainId: 'ten' }] }
    expect(Namespaces.decide(session, request, 'eip155:1')).toEqual({ type: 'invalidChainId' })
  })
})

describe('parseChainId', () => {
  it('reads numbers, hex, decimal text and CAIP-2 ids', () => {
    expect([8453, '0x2105', '8453', 'eip155:8453'].map(Namespaces.parseChainId)).toEqual([
      8453, 8453, 8453, 8453,
    ])
    expect([0, -1, '0xzz', '', null, 1.5].map(Namespaces.parseChainId)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})
