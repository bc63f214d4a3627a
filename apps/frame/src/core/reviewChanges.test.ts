import type { ReviewResponse, SimulateResponse, SolanaSimulateResponse } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { changesOf, feeOf, formatUnits } from './reviewChanges.js'

const sender = '0x1111111111111111111111111111111111111111'
const spender = '0x3333333333333333333333333333333333333333'
const usdc = '0x4444444444444444444444444444444444444444'
const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const collection = '0x5555555555555555555555555555555555555555'
const verdict: ReviewResponse['verdict'] = { level: 'none', findings: [] }

const simulation = (changes: Partial<SimulateResponse>): SimulateResponse => ({
  status: 'success',
  gasUsed: '21000',
  assetChanges: [],
  approvals: [],
  nftTransfers: [],
  blockNumber: '10',
  ...changes,
})
const review = (changes: Partial<SimulateResponse>): ReviewResponse => ({
  verdict,
  simulation: simulation(changes),
})

describe('formatUnits', () => {
  it('keeps every digit of the amount, and says base units when the decimals are unknown', () => {
    expect(formatUnits(10_000_000_000_000_001n, 18)).toBe('0.010000000000000001')
    expect(formatUnits(5_000_000n, 6)).toBe('5')
    expect(formatUnits(42n, undefined)).toBe('42 base units of')
  })
})

describe('changesOf', () => {
  it('lists the native coin and tokens out and in, with their symbols and exact amounts', () => {
    const changes = changesOf(
      review({
        assetChanges: [
          {
            token: { address: native, symbol: 'ETH', decimals: 18 },
            pre: '1000000000000000000',
            post: '990000000000000000',
            diff: '-10000000000000000',
          },
          {
            token: { address: usdc, symbol: 'USDC', decimals: 6 },
            pre: '0',
            post: '25500000',
            diff: '25500000',
          },
          { token: { address: spender, symbol: 'NONE', decimals: 6 }, pre: '1', post: '1', diff: '0' },
        ],
      }),
      sender,
    )
    expect(changes).toEqual({
      kind: 'changes',
      lines: [
        { kind: 'out', amount: '-0.01', asset: 'ETH' },
        { kind: 'in', amount: '+25.5', asset: 'USDC' },
      ],
    })
  })

  it('lists NFTs given and received, and the allowances: unlimited, an amount, an operator, none left', () => {
    const changes = changesOf(
      review({
        assetChanges: [
          { token: { address: usdc, symbol: 'USDC', decimals: 6 }, pre: '9', post: '8', diff: '-1' },
        ],
        nftTransfers: [
          { standard: 'erc721', contract: collection, tokenId: '42', amount: '1', from: sender, to: spender },
          { standard: 'erc1155', contract: collection, tokenId: '7', amount: '3', from: spender, to: sender },
        ],
        approvals: [
          { kind: 'erc20', token: usdc, spender, amount: '2000000', unlimited: false },
          { kind: 'erc20', token: spender, spender, amount: (2n ** 256n - 1n).toString(), unlimited: true },
          { kind: 'all', token: collection, spender, unlimited: true, approved: true },
          { kind: 'all', token: collection, spender, unlimited: true, approved: false },
          { kind: 'erc20', token: usdc, spender, amount: '0', unlimited: false },
        ],
      }),
      sender,
    )
    expect(changes?.kind === 'changes' && changes.lines.slice(1)).toEqual([
      { kind: 'nft-out', amount: '-#42', asset: collection },
      { kind: 'nft-in', amount: '+3 × #7', asset: collection },
      { kind: 'approval', allowance: '2', asset: 'USDC', spender },
      { kind: 'approval', allowance: 'Unlimited', asset: spender, spender },
      { kind: 'approval', allowance: 'Unlimited', asset: `every NFT of ${collection}`, spender },
      { kind: 'revoke', asset: collection, spender },
      { kind: 'revoke', asset: 'USDC', spender },
    ])
  })

  it('says a simulation that could not run or a request that would fail, never no changes', () => {
    expect(
      changesOf({ verdict, simulationError: 'The simulation could not run: upstream timed out' }, sender),
    ).toEqual({ kind: 'unsimulated', reason: 'upstream timed out' })
    expect(
      changesOf(
        review({ status: 'reverted', failure: { call: 1, reason: 'ERC20: insufficient balance' } }),
        sender,
      ),
    ).toEqual({ kind: 'fails', reason: 'ERC20: insufficient balance', call: 1 })
    expect(changesOf(review({}), sender)).toEqual({ kind: 'changes', lines: [] })
  })

  it('has no changes to show for a signature, which is not simulated', () => {
    expect(changesOf({ verdict }, sender)).toBeUndefined()
  })
})

describe('changesOf (Solana)', () => {
  const signer = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
  const recipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const mint = 'EPjFWdd5AufqSSqeM2qA1xWBaXUE3J3PCA7XbkASbrYn'
  const solana = (changes: Partial<SolanaSimulateResponse>): ReviewResponse => ({
    verdict,
    solanaSimulation: {
      status: 'success',
      unitsConsumed: '150',
      fee: '5000',
      accountChanges: [],
      slot: '10',
      ...changes,
    },
  })

  it("lists the signer's SOL in 9 decimals, fee included, and the tokens of its token accounts", () => {
    const changes = changesOf(
      solana({
        accountChanges: [
          { account: signer, pre: '2000000000', post: '1749995000', diff: '-250005000', fee: '5000' },
          { account: recipient, pre: '0', post: '250000000', diff: '250000000' },
          {
            account: 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr',
            pre: '2039280',
            post: '2039280',
            diff: '0',
            token: {
              mint,
              owner: signer,
              symbol: 'USDC',
              decimals: 6,
              pre: '5000000',
              post: '0',
              diff: '-5000000',
            },
          },
          {
            account: 'HXtBm8XZbxaTt41uqaKhwUAa6Z1aPyvJdsZVENiWsetg',
            pre: '2039280',
            post: '2039280',
            diff: '0',
            token: { mint, owner: recipient, pre: '0', post: '5000000', diff: '5000000' },
          },
        ],
      }),
      signer,
    )
    expect(changes).toEqual({
      kind: 'changes',
      lines: [
        { kind: 'out', amount: '-0.250005', asset: 'SOL' },
        { kind: 'out', amount: '-5', asset: 'USDC' },
      ],
    })
  })

  it('says a failing transaction fails, with the reason, never as no changes', () => {
    expect(
      changesOf(solana({ status: 'reverted', failure: { reason: 'insufficient lamports' } }), signer),
    ).toEqual({ kind: 'fails', reason: 'insufficient lamports' })
  })

  it('names the mint and base units of a token the network does not list', () => {
    const changes = changesOf(
      solana({
        accountChanges: [
          {
            account: 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr',
            pre: '2039280',
            post: '2039280',
            diff: '0',
            token: { mint, owner: signer, pre: '0', post: '42', diff: '42' },
          },
        ],
      }),
      signer,
    )
    expect(changes).toEqual({
      kind: 'changes',
      lines: [{ kind: 'in', amount: '+42 base units of', asset: mint }],
    })
  })
})

describe('changesOf (USD)', () => {
  const eth = (diff: string) => ({
    token: { address: native, symbol: 'ETH', decimals: 18 },
    pre: '2000000000000000000',
    post: '0',
    diff,
  })
  const token = (address: string, symbol: string, diff: string) => ({
    token: { address, symbol, decimals: 6 },
    pre: '0',
    post: '0',
    diff,
  })

  it('gives each change its USD worth from the review prices, by address whatever its case', () => {
    const changes = changesOf(
      {
        ...review({ assetChanges: [eth('-250000000000000000'), token(usdc, 'USDC', '1234560000')] }),
        prices: [
          { asset: native.toLowerCase(), usd: 3000 },
          { asset: usdc, usd: 1 },
        ],
      },
      sender,
    )
    expect(changes).toEqual({
      kind: 'changes',
      lines: [
        { kind: 'out', amount: '-0.25', asset: 'ETH', usd: '$750.00' },
        { kind: 'in', amount: '+1234.56', asset: 'USDC', usd: '$1,234.56' },
      ],
    })
  })

  it('shows no USD for an asset the API did not price: a token named USDC at another address', () => {
    const lookalike = '0x6666666666666666666666666666666666666666'
    const changes = changesOf(
      {
        ...review({ assetChanges: [token(lookalike, 'USDC', '5000000')] }),
        prices: [{ asset: usdc, usd: 1 }],
      },
      sender,
    )
    expect(changes).toEqual({ kind: 'changes', lines: [{ kind: 'in', amount: '+5', asset: 'USDC' }] })
  })

  it('prices SOL by the wrapped-SOL mint and a token by its mint', () => {
    const signer = 'So1anaSigner1111111111111111111111111111111'
    const changes = changesOf(
      {
        verdict,
        solanaSimulation: {
          status: 'success',
          unitsConsumed: '1',
          fee: '5000',
          slot: '1',
          accountChanges: [{ account: signer, pre: '2000000000', post: '1000000000', diff: '-1000000000' }],
        },
        prices: [{ asset: 'So11111111111111111111111111111111111111112', usd: 150 }],
      },
      signer,
    )
    expect(changes).toEqual({
      kind: 'changes',
      lines: [{ kind: 'out', amount: '-1', asset: 'SOL', usd: '$150.00' }],
    })
  })
})

describe('feeOf', () => {
  it('says the fee in the native coin, every digit, and in USD where the coin is priced', () => {
    const fee = { amount: '42000000000000', symbol: 'ETH', decimals: 18 }
    expect(feeOf({ ...review({}), fee, prices: [{ asset: native, usd: 3000 }] })).toEqual({
      amount: '0.000042 ETH',
      usd: '$0.13',
    })
    expect(feeOf({ ...review({}), fee })).toEqual({ amount: '0.000042 ETH' })
    expect(feeOf(review({}))).toBeUndefined()
  })
})
