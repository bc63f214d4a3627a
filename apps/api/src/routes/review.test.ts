// POST /v1/review against the devstack's anvil chains, for a project with a deny list and a policy that
// blocks deny-listed counterparties: the simulation of a send, an unlimited approval to an account, a
// Permit signature, a sign-in message from another site, a bare hash, and a node that cannot simulate.
import { evmAccount } from '@walletframe/devstack'
import { nativeTokenAddress, ReviewResponse } from '@walletframe/protocol'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import {
  deadNetwork,
  devstackHarness,
  expectFieldError,
  postJson,
  silentServer,
} from '../internal/testing.js'

const hanging = silentServer()
const drainer = getAddress('0x00000000000000000000000000000000000d7a1e')
const stranger = '0x000000000000000000000000000000000000dEaD'
const sender = evmAccount(0).address as Address
const origin = 'https://dapp.example'
const chainId = 'eip155:8453'

const h = devstackHarness({
  networks: () => [deadNetwork(998, hanging.url)],
  options: { rpcTimeoutMs: 500, indexer: { enabled: false } },
  projects: [
    { id: 'app', name: 'App', review: { block: ['deny-listed'], denyList: `# drainers\n${drainer}\n` } },
    { id: 'lenient', name: 'Lenient', review: { block: [], denyList: drainer } },
    { id: 'defaults', name: 'Defaults' },
  ],
})

const usdc = () =>
  h.stack.chainsFile.networks.find((n) => n.caipNetworkId === chainId)!.contracts.usdc as Address

async function reviewOf(request: unknown, options: { projectId?: string; chainId?: string } = {}) {
  const response = await postJson(`${h.api.url}/v1/review`, {
    projectId: options.projectId ?? 'app',
    origin,
    chainId: options.chainId ?? chainId,
    from: sender,
    request,
  })
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return ReviewResponse.parse(body)
}

describe('POST /v1/review', () => {
  it('a plain send: the exact balance change, and nothing to warn about', async () => {
    const result = await reviewOf({
      kind: 'calls',
      calls: [{ to: stranger, value: toHex(parseEther('0.25')) }],
    })
    expect(result.verdict).toEqual({ level: 'none', findings: [] })
    expect(result.simulation?.assetChanges).toEqual([
      expect.objectContaining({ diff: (-parseEther('0.25')).toString() }),
    ])
  })

  it("a send's network fee is its gas at the chain's gas price; the native coin and a listed token carry the API's price", async () => {
    const network = h.stack.chainsFile.networks.find((n) => n.caipNetworkId === chainId)!
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger, 1n] })
    const result = await reviewOf({ kind: 'calls', calls: [{ to: usdc(), data }] })
    const gasUsed = BigInt(result.simulation?.gasUsed ?? '0')
    expect(gasUsed).toBeGreaterThan(21_000n)
    const fee = BigInt(result.fee?.amount ?? '0')
    expect(fee % gasUsed).toBe(0n)
    expect(fee).toBeGreaterThan(0n)
    expect(result.fee).toMatchObject({ symbol: network.nativeCurrency.symbol, decimals: 18 })
    const listed = network.tokens.find((token) => token.address.toLowerCase() === usdc().toLowerCase())!
    expect(result.prices).toEqual(
      expect.arrayContaining([
        { asset: nativeTokenAddress, usd: network.nativePriceUsd },
        { asset: usdc().toLowerCase(), usd: listed.priceUsd },
      ]),
    )
  })

  it('a Seaport order to sign says what is given and what is got', async () => {
    const seller = sender
    const result = await reviewOf({
      kind: 'typedData',
      typedData: {
        domain: { name: 'Seaport', version: '1.6', chainId: 8453, verifyingContract: usdc() },
        primaryType: 'OrderComponents',
        types: {},
        message: {
          offerer: seller,
          offer: [
            {
              itemType: 1,
              token: usdc(),
              identifierOrCriteria: '0',
              startAmount: '2500000',
              endAmount: '2500000',
            },
          ],
          consideration: [
            {
              itemType: 0,
              token: `0x${'0'.repeat(40)}`,
              identifierOrCriteria: '0',
              startAmount: '1',
              endAmount: '1',
              recipient: drainer,
            },
          ],
          endTime: '1900000000',
        },
      },
    })
    expect(result.authorises).toEqual([
      'You give: 2.5 USDC',
      'You get: nothing',
      `${drainer} gets: 0.000000000000000001 ETH`,
      'The order can be filled until 2030-03-17T17:46:40.000Z',
    ])
    // The order pays the drainer: the deny list sees an order's recipients too.
    expect(result.verdict.findings.map((finding) => finding.rule)).toContain('deny-listed')
  })

  it('an unlimited approval to an account without code warns, with both rules', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, maxUint256] })
    const result = await reviewOf({ kind: 'calls', calls: [{ to: usdc(), data }] })
    expect(result.verdict.level).toBe('warning')
    expect(result.verdict.findings.map((finding) => finding.rule)).toEqual([
      'unlimited-approval',
      'approval-to-account',
    ])
  })

  it('a transfer to a deny-listed address is blocked; where the policy does not block it, it warns', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [drainer, parseUnits('1', 6)],
    })
    const blocked = await reviewOf({ kind: 'calls', calls: [{ to: usdc(), data }] })
    expect(blocked.verdict.level).toBe('blocked')
    expect(blocked.verdict.findings).toContainEqual({
      rule: 'deny-listed',
      reason: `${drainer} is on this app's list of addresses you must not send to or approve`,
    })
    const lenient = await reviewOf({ kind: 'calls', calls: [{ to: usdc(), data }] }, { projectId: 'lenient' })
    expect(lenient.verdict.level).toBe('warning')
    expect(lenient.verdict.findings.map((finding) => finding.rule)).toEqual(['deny-listed'])
  })

  it('a call for another network than the wallet is on warns', async () => {
    const result = await reviewOf({ kind: 'calls', chainId: 'eip155:1', calls: [{ to: stranger }] })
    expect(result.verdict.findings.map((finding) => finding.rule)).toEqual(['other-chain'])
  })

  it('a node that cannot simulate: the review says so, and still applies the other rules', async () => {
    const result = await reviewOf(
      { kind: 'calls', chainId: 'eip155:998', calls: [{ to: drainer }] },
      { chainId: 'eip155:998' },
    )
    expect(result.simulation).toBeUndefined()
    expect(result.simulationError).toMatch(/^The simulation could not run/)
    expect(result.verdict.level).toBe('blocked')
  })

  it('a Permit to the drainer names the spender and is blocked; its token is a contract', async () => {
    const result = await reviewOf({
      kind: 'typedData',
      typedData: {
        domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: usdc() },
        primaryType: 'Permit',
        types: {},
        message: {
          owner: sender,
          spender: drainer,
          value: maxUint256.toString(),
          nonce: 0,
          deadline: 1_900_000_000,
        },
      },
    })
    expect(result.verdict.level).toBe('blocked')
    expect(result.verdict.findings.map((finding) => finding.rule)).toEqual([
      'permit-signature',
      'deny-listed',
    ])
    expect(result.verdict.findings[0]?.reason).toContain(drainer)
  })

  it('typed data whose verifying contract has no code on the chain warns', async () => {
    const result = await reviewOf({
      kind: 'typedData',
      typedData: { domain: { chainId: 8453, verifyingContract: stranger }, primaryType: 'Mail', message: {} },
    })
    expect(result.verdict.findings.map((finding) => finding.rule)).toEqual(['verifying-contract-missing'])
  })

  it("a sign-in message for another site than the host's warns; the host's own does not", async () => {
    const message = (domain: string) =>
      createSiweMessage({
        address: sender,
        chainId: 8453,
        domain,
        nonce: 'abcdefgh12',
        uri: `https://${domain}`,
        version: '1',
      })
    expect((await reviewOf({ kind: 'message', message: message('bank.example') })).verdict.findings).toEqual([
      {
        rule: 'sign-in-domain',
        reason: 'This sign-in message is for bank.example, but dapp.example is asking for it',
      },
    ])
    expect((await reviewOf({ kind: 'message', message: message('dapp.example') })).verdict.level).toBe('none')
  })

  it('a bare hash is blocked by default, and only warns where the operator allows it', async () => {
    expect((await reviewOf({ kind: 'hash' }, { projectId: 'defaults' })).verdict).toEqual({
      level: 'blocked',
      findings: [expect.objectContaining({ rule: 'raw-hash-signature' })],
    })
    expect((await reviewOf({ kind: 'hash' }, { projectId: 'lenient' })).verdict.level).toBe('warning')
  })

  it.each([
    ['an unknown kind', { request: { kind: 'bytes' } }, 'body.request.kind'],
    ['no calls', { request: { kind: 'calls', calls: [] } }, 'body.request.calls'],
    ['an origin with a path', { origin: 'https://dapp.example/page' }, 'body.origin'],
  ])('refuses %s with a 400 naming the field', async (_, change, field) => {
    const response = await postJson(`${h.api.url}/v1/review`, {
      projectId: 'app',
      origin,
      chainId,
      from: sender,
      request: { kind: 'hash' },
      ...change,
    })
    await expectFieldError(response, field)
  })
})
