import type { ProposalTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import * as Namespaces from './namespaces.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

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
})

describe('Namespaces.fromProposal', () => {
  it('approves the account on every requested chain with the wallet methods and events', () => {
    const namespaces = Namespaces.fromProposal(
      proposal({}, { eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign'], events: [] } }),
      address,
    )
    expect(namespaces.eip155?.accounts).toEqual([`eip155:1:${address}`, `eip155:10:${address}`])
    expect(namespaces.eip155?.methods).toEqual([...Namespaces.methods])
    expect(namespaces.eip155?.events).toEqual([...Namespaces.events])
  })

  it('refuses a proposal that requires a method the wallet does not have', () => {
    expect(() =>
      Namespaces.fromProposal(
        proposal({ eip155: { chains: ['eip155:1'], methods: ['eth_sign'], events: [] } }),
        address,
      ),
    ).toThrow(/eth_sign/)
  })

  it('refuses a proposal without any eip155 chain', () => {
    expect(() =>
      Namespaces.fromProposal(
        proposal({
          solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: [], events: [] },
        }),
        address,
      ),
    ).toThrow(Namespaces.UnsupportedProposalError)
  })
})

describe('Namespaces.withChain', () => {
  it('adds a chain and its account once', () => {
    const base = {
      eip155: { chains: ['eip155:1'], accounts: [`eip155:1:${address}`], methods: [], events: [] },
    }
    const added = Namespaces.withChain(Namespaces.withChain(base, 'eip155:10', address), 'eip155:10', address)
    expect(added.eip155?.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(Namespaces.sessionChains(added)).toEqual(['eip155:1', 'eip155:10'])
  })
})
