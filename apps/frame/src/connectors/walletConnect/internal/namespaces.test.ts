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

const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const multi: SessionTypes.Namespaces = {
  ...session,
  solana: {
    chains: [solanaMainnet],
    accounts: [`${solanaMainnet}:${solanaAddress}`],
    methods: ['solana_signMessage', 'solana_signTransaction'],
    events: [],
  },
}

describe('accounts', () => {
  it('lists CAIP-10 accounts of every namespace, once each, eip155 first', () => {
    expect(Namespaces.accounts(multi)).toEqual([
      `eip155:1:${address}`,
      `eip155:8453:${address}`,
      `${solanaMainnet}:${solanaAddress}`,
    ])
    expect(Namespaces.allChains(multi)).toEqual(['eip155:1', 'eip155:8453', solanaMainnet])
  })
})

describe('toCaipAccounts', () => {
  it('reads plain addresses on the event chain and keeps CAIP-10 ids', () => {
    expect(Namespaces.toCaipAccounts([address, `eip155:8453:${address}`, 7, ''], 'eip155:1')).toEqual([
      `eip155:1:${address}`,
      `eip155:8453:${address}`,
    ])
  })
})

describe('withSelected', () => {
  it('moves the announced account to the front of its namespace', () => {
    const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const struct = {
      namespaces: {
        eip155: {
          accounts: [`eip155:1:${address}`, `eip155:1:${second}`],
          methods: [],
          events: [],
        },
      },
    } as unknown as SessionTypes.Struct
    const next = Namespaces.withSelected(struct, [`eip155:1:${second}`])
    expect(next.namespaces.eip155?.accounts).toEqual([`eip155:1:${second}`, `eip155:1:${address}`])
    // An account the session does not have changes nothing.
    expect(Namespaces.withSelected(struct, ['eip155:1:0x0000000000000000000000000000000000000001'])).toBe(
      struct,
    )
  })
})

describe('approves', () => {
  it('approves methods the wallet listed, only on its chains', () => {
    expect(Namespaces.approves(multi, 'personal_sign', 'eip155:1')).toBe(true)
    expect(Namespaces.approves(multi, 'eth_signTypedData_v4', 'eip155:1')).toBe(false)
    expect(Namespaces.approves(multi, 'personal_sign', 'eip155:10')).toBe(false)
    expect(Namespaces.approves(multi, 'solana_signMessage', solanaMainnet)).toBe(true)
    expect(Namespaces.approves(multi, 'personal_sign', solanaMainnet)).toBe(false)
  })

  it('approves a Bitcoin method only where the wallet listed it for that bip122 chain', () => {
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
    const namespaces: SessionTypes.Namespaces = {
      bip122: {
        chains: [bitcoin],
        accounts: [`${bitcoin}:bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te`],
        methods: ['signMessage'],
        events: [],
      },
    }
    expect(Namespaces.approves(namespaces, 'signMessage', bitcoin)).toBe(true)
    expect(Namespaces.approves(namespaces, 'signPsbt', bitcoin)).toBe(false)
    expect(Namespaces.approves(namespaces, 'signMessage', 'bip122:000000000933ea01ad0ee984209779ba')).toBe(
      false,
    )
  })
})

describe('decideSwitch', () => {
  it('switches to an approved chain without asking the wallet, across namespaces too', () => {
    expect(Namespaces.decideSwitch(session, 'eip155:8453', 'eip155:1')).toEqual({ type: 'switchLocally' })
    expect(Namespaces.decideSwitch(multi, solanaMainnet, 'eip155:1')).toEqual({ type: 'switchLocally' })
  })

  it('asks the wallet to switch to a chain it did not approve when it supports switching', () => {
    expect(Namespaces.decideSwitch(session, 'eip155:10', 'eip155:1')).toEqual({
      type: 'askWalletToSwitch',
      hexChainId: '0xa',
    })
  })

  it('answers 4902 territory when the chain is neither approved nor switchable', () => {
    const noSwitch = { eip155: { ...(session.eip155 as SessionTypes.Namespace), methods: ['personal_sign'] } }
    expect(Namespaces.decideSwitch(noSwitch, 'eip155:10', 'eip155:1')).toEqual({ type: 'unrecognizedChain' })
    expect(Namespaces.decideSwitch(session, solanaMainnet, 'eip155:1')).toEqual({ type: 'unrecognizedChain' })
  })

  it('flags a chain id that is not one', () => {
    expect(Namespaces.decideSwitch(session, 'eip155:ten', 'eip155:1')).toEqual({ type: 'invalidChainId' })
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
