// POST /v1/simulate against the devstack's anvil chains: what a send, a token transfer, an approval and
// an NFT move would do for their sender, read from the node's simulation — and that nothing of it
// happens on chain.
import { evmAccount } from '@walletframe/devstack'
import { SimulateResponse } from '@walletframe/protocol'
import { solanaNetwork } from '@walletframe/protocol/testing'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { devstackHarness, expectFieldError, postJson } from '../internal/testing.js'
import { notSupported } from './simulate.js'

const solana = { ...solanaNetwork(), nativePriceUsd: 150 }
const h = devstackHarness({ networks: [solana], options: { indexer: { enabled: false } } })

const sender = evmAccount(0).address as Address
const stranger = '0x000000000000000000000000000000000000dEaD'
const chainId = 'eip155:8453'
const contracts = () => h.stack.chainsFile.networks.find((n) => n.caipNetworkId === chainId)!.contracts
const nodeUrl = () =>
  h.stack.chainsFile.networks.find((n) => n.caipNetworkId === chainId)!.rpcUrls.default.http[0] as string

async function simulate(calls: { to: string; data?: Hex; value?: Hex }[], from: string = sender) {
  const response = await postJson(`${h.api.url}/v1/simulate`, { projectId: 'app', chainId, from, calls })
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return SimulateResponse.parse(body)
}

describe('POST /v1/simulate', () => {
  it("a native send: the sender's balance falls by the amount, and nothing lands on chain", async () => {
    const client = createPublicClient({ transport: http(nodeUrl()) })
    const before = await client.getBalance({ address: stranger })
    const result = await simulate([{ to: stranger, value: toHex(parseEther('1.5')) }])
    expect(result.status).toBe('success')
    expect(result.assetChanges).toEqual([
      expect.objectContaining({
        token: expect.objectContaining({ symbol: 'ETH', decimals: 18 }),
        diff: (-parseEther('1.5')).toString(),
      }),
    ])
    const [change] = result.assetChanges
    expect(BigInt(change!.post) - BigInt(change!.pre)).toBe(-parseEther('1.5'))
    expect(await client.getBalance({ address: stranger })).toBe(before)
  })

  it('an ERC-20 transfer: the token, its symbol and decimals, and the exact amount out', async () => {
    const usdc = contracts().usdc as Address
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [stranger, parseUnits('5', 6)],
    })
    const result = await simulate([{ to: usdc, data }])
    expect(result.assetChanges).toEqual([
      expect.objectContaining({
        token: { address: expect.stringMatching(new RegExp(usdc, 'i')), symbol: 'USDC', decimals: 6 },
        diff: (-parseUnits('5', 6)).toString(),
      }),
    ])
    expect(result.approvals).toEqual([])
  })

  it('an unlimited approval and an operator for a whole collection are listed as granted', async () => {
    const usdc = contracts().usdc as Address
    const nft = contracts().testNft as Address
    const result = await simulate([
      {
        to: usdc,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, maxUint256] }),
      },
      {
        to: nft,
        data: encodeFunctionData({
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [stranger, true],
        }),
      },
    ])
    expect(result.status).toBe('success')
    expect(result.approvals).toEqual([
      {
        kind: 'erc20',
        token: expect.stringMatching(new RegExp(usdc, 'i')),
        spender: stranger,
        amount: maxUint256.toString(),
        unlimited: true,
      },
      {
        kind: 'all',
        token: expect.stringMatching(new RegExp(nft, 'i')),
        spender: stranger,
        unlimited: true,
        approved: true,
      },
    ])
    expect(result.assetChanges).toEqual([])
  })

  it('an NFT sent away is listed with its token id, not as a balance', async () => {
    const nft = contracts().testNft as Address
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [sender, stranger, 0n],
    })
    const result = await simulate([{ to: nft, data }])
    expect(result.nftTransfers).toEqual([
      {
        standard: 'erc721',
        contract: expect.stringMatching(new RegExp(nft, 'i')),
        tokenId: '0',
        amount: '1',
        from: sender,
        to: stranger,
      },
    ])
    expect(result.assetChanges).toEqual([])
  })

  it('a call that reverts is said as such, with the call and the reason, and no changes', async () => {
    const usdc = contracts().usdc as Address
    const tooMuch = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [stranger, parseUnits('1000000000000', 6)],
    })
    const result = await simulate([
      { to: stranger, value: '0x1' },
      { to: usdc, data: tooMuch },
    ])
    expect(result.status).toBe('reverted')
    expect(result.failure).toEqual({ call: 1, reason: expect.any(String) })
    expect(result.assetChanges).toEqual([])
  })

  it('a sender that cannot pay is a failed simulation, not an error of the API', async () => {
    const result = await simulate([{ to: sender, value: toHex(parseEther('1')) }], stranger)
    expect(result.status).toBe('reverted')
    expect(result.failure?.reason).toMatch(/funds/i)
  })

  it('says "Network not supported for Simulation" on Solana and on networks it does not serve', async () => {
    for (const network of [solana.caipNetworkId, 'eip155:10']) {
      const response = await postJson(`${h.api.url}/v1/simulate`, {
        projectId: 'app',
        chainId: network,
        from: sender,
        calls: [{ to: stranger }],
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: notSupported, field: 'chainId' })
    }
  })

  it.each([
    ['no calls', { calls: [] }, 'body.calls'],
    [
      'more calls than a batch carries',
      { calls: Array.from({ length: 21 }, () => ({ to: stranger })) },
      'body.calls',
    ],
    ['a call to something that is not an address', { calls: [{ to: 'nope' }] }, 'body.calls[0].to'],
    ['calldata that is not hex bytes', { calls: [{ to: stranger, data: '0xabc' }] }, 'body.calls[0].data'],
    [
      'a value that is not a hex quantity',
      { calls: [{ to: stranger, value: '100' }] },
      'body.calls[0].value',
    ],
    ['a sender that is not an address', { from: 'me' }, 'body.from'],
  ])('refuses %s with a 400 naming the field', async (_, change, field) => {
    const response = await postJson(`${h.api.url}/v1/simulate`, {
      projectId: 'app',
      chainId,
      from: sender,
      calls: [{ to: stranger }],
      ...change,
    })
    await expectFieldError(response, field)
  })
})
