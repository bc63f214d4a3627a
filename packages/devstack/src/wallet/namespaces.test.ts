import type { ProposalTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import * as Namespaces from './namespaces.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = 'HQVSPCsBDyZcbiBkqDVXrPAcBwHDJXWMdn2K5KQaxzm4'
const accounts = { eip155: address, solana: solanaAddress } as const
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const solanaDevnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

function proposal(
  requiredNamespaces: ProposalTypes.RequiredNamespaces,
  optionalNamespaces: ProposalTypes.OptionalNamespaces = {},
): ProposalTypes.Struct {
  return {
    id: 1,
    pairingTopic: 'a'.repeat(64),
    expiryTimestamp: Math.floor(Date.now() / 1000) + 300,
    relays: [{ protocol: 'irn' }],
    proposer: {
      publicKey: 'b'.repeat(64),
      metadata: { name: 'dapp', description: '', url: 'http://x', icons: [] },
    },
    requiredNamespaces,
    optionalNamespaces,
  }
}

describe('Namespaces.requestedChains', () => {
  it('collects eip155 chains from required and optional namespaces, in both key styles', () => {
    const chains = Namespaces.requestedChains(
      proposal(
        { eip155: { chains: ['eip155:1'], methods: [], events: [] } },
        {
          'eip155:8453': { methods: [], events: [] },
          eip155: { chains: ['eip155:1', 'eip155:10'], methods: [], events: [] },
        },
      ),
    )
    expect(chains).toEqual(['eip155:1', 'eip155:8453', 'eip155:10'])
  })

  it('collects the chains of another family when asked, in both key styles', () => {
    const request = proposal(
      { [solanaMainnet]: { methods: [], events: [] } },
      {
        solana: { chains: [solanaDevnet, solanaMainnet], methods: [], events: [] },
        eip155: { chains: ['eip155:1'], methods: [], events: [] },
      },
    )
    expect(Namespaces.requestedChains(request, 'solana')).toEqual([solanaMainnet, solanaDevnet])
    expect(Namespaces.requestedChains(request)).toEqual(['eip155:1'])
  })
})

describe('Namespaces.fromProposal', () => {
  it('approves the account on every requested chain with the wallet methods and events', () => {
    const namespaces = Namespaces.fromProposal(
      proposal({}, { eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign'], events: [] } }),
      accounts,
    )
    expect(namespaces.eip155?.accounts).toEqual([`eip155:1:${address}`, `eip155:10:${address}`])
    expect(namespaces.eip155?.methods).toEqual([...Namespaces.methods])
    expect(namespaces.eip155?.events).toEqual([...Namespaces.events])
  })

  it('approves only the chains it is limited to, with every account on each', () => {
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const namespaces = Namespaces.fromProposal(
      proposal({}, { eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign'], events: [] } }),
      { eip155: [address, other] },
      ['eip155:1'],
    )
    expect(namespaces.eip155?.chains).toEqual(['eip155:1'])
    expect(namespaces.eip155?.accounts).toEqual([`eip155:1:${address}`, `eip155:1:${other}`])
  })

  it('refuses a proposal that requires a method the wallet does not have', () => {
    expect(() =>
      Namespaces.fromProposal(
        proposal({ eip155: { chains: ['eip155:1'], methods: ['eth_sign'], events: [] } }),
        accounts,
      ),
    ).toThrow(/eth_sign/)
  })

  it('approves the Solana account on every requested solana chain beside the eip155 one', () => {
    const namespaces = Namespaces.fromProposal(
      proposal(
        {},
        {
          eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
          solana: { chains: [solanaMainnet], methods: ['solana_signMessage'], events: [] },
          [solanaDevnet]: { methods: [], events: [] },
          bip122: { chains: ['bip122:000000000019d6689c085ae165831e93'], methods: [], events: [] },
        },
      ),
      accounts,
    )
    expect(Object.keys(namespaces)).toEqual(['eip155', 'solana'])
    expect(namespaces.eip155?.accounts).toEqual([`eip155:1:${address}`])
    expect(namespaces.solana).toEqual({
      chains: [solanaMainnet, solanaDevnet],
      accounts: [`${solanaMainnet}:${solanaAddress}`, `${solanaDevnet}:${solanaAddress}`],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
    })
  })

  it("approves the Bitcoin account of each requested bip122 network it knows, in that network's format", () => {
    const mainnet = 'bip122:000000000019d6689c085ae165831e93'
    const testnet = 'bip122:000000000933ea01ad0ee984209779ba'
    const namespaces = Namespaces.fromProposal(
      proposal(
        {},
        {
          eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] },
          bip122: {
            chains: [mainnet, testnet, 'bip122:12a765e31ffd4059bada1e25190f6e98'],
            methods: [],
            events: [],
          },
        },
      ),
      {
        ...accounts,
        bip122: { [mainnet]: 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te', [testnet]: 'tb1qexample' },
      },
    )
    expect(namespaces.bip122).toEqual({
      chains: [mainnet, testnet],
      accounts: [`${mainnet}:bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te`, `${testnet}:tb1qexample`],
      methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
      events: [],
    })
  })

  it('approves only the methods it is told to, of those it answers', () => {
    const mainnet = 'bip122:000000000019d6689c085ae165831e93'
    const namespaces = Namespaces.fromProposal(
      proposal({}, { bip122: { chains: [mainnet], methods: ['signMessage', 'signPsbt'], events: [] } }),
      { bip122: { [mainnet]: 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te' } },
      undefined,
      { bip122: ['signMessage', 'signTaprootOnly'] },
    )
    expect(namespaces.bip122?.methods).toEqual(['signMessage'])
  })

  it('approves a proposal that requires only solana chains', () => {
    const namespaces = Namespaces.fromProposal(
      proposal({ solana: { chains: [solanaMainnet], methods: ['solana_signTransaction'], events: [] } }),
      accounts,
    )
    expect(namespaces).toEqual({
      solana: expect.objectContaining({ accounts: [`${solanaMainnet}:${solanaAddress}`] }),
    })
  })

  it('refuses a required solana method the wallet does not have', () => {
    expect(() =>
      Namespaces.fromProposal(
        proposal({
          solana: { chains: [solanaMainnet], methods: ['solana_signAllTransactions'], events: [] },
        }),
        accounts,
      ),
    ).toThrow(/solana_signAllTransactions/)
  })

  it('refuses required solana chains when it has no Solana account', () => {
    expect(() =>
      Namespaces.fromProposal(proposal({ solana: { chains: [solanaMainnet], methods: [], events: [] } }), {
        eip155: address,
      }),
    ).toThrow(Namespaces.UnsupportedProposalError)
  })

  it('refuses a proposal with no chain of a family it has an account for', () => {
    expect(() =>
      Namespaces.fromProposal(
        proposal(
          {},
          { bip122: { chains: ['bip122:000000000019d6689c085ae165831e93'], methods: [], events: [] } },
        ),
        accounts,
      ),
    ).toThrow(Namespaces.UnsupportedProposalError)
    expect(() =>
      Namespaces.fromProposal(
        proposal({
          bip122: { chains: ['bip122:000000000019d6689c085ae165831e93'], methods: [], events: [] },
        }),
        accounts,
      ),
    ).toThrow(/no bip122 accounts/)
  })
})

describe('Namespaces.withChain', () => {
  it('adds a chain and its account once', () => {
    const base = {
      eip155: { chains: ['eip155:1'], accounts: [`eip155:1:${address}`], methods: [], events: [] },
    }
    const added = Namespaces.withChain(Namespaces.withChain(base, 'eip155:10', [address]), 'eip155:10', [
      address,
    ])
    expect(added.eip155?.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(Namespaces.sessionChains(added)).toEqual(['eip155:1', 'eip155:10'])
  })
})

describe('Namespaces.sessionChains', () => {
  it('lists the eip155 chains by default and another family on request', () => {
    const namespaces = {
      eip155: { accounts: [`eip155:1:${address}`], methods: [], events: [] },
      solana: { accounts: [`${solanaDevnet}:${solanaAddress}`], methods: [], events: [] },
    }
    expect(Namespaces.sessionChains(namespaces)).toEqual(['eip155:1'])
    expect(Namespaces.sessionChains(namespaces, 'solana')).toEqual([solanaDevnet])
    expect(Namespaces.sessionChains({ solana: namespaces.solana })).toEqual([])
  })
})
