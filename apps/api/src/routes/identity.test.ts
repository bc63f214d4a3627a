// GET /v1/identity/{address}: the ENS name and avatar from a network that configures a universal
// resolver (here a fake node playing one), the note that says why there is none without such a
// network, and the name registered with this API as the fallback.
import { IdentityResponse } from '@walletframe/protocol'
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  namehash,
  parseAbi,
} from 'viem'
import { describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import * as Names from '../db/names.js'
import { expectFieldError, quickestBackend, routeHarness } from '../internal/testing.js'
import { noRegistryNote } from './identity.js'

/** Accounts 0 to 6 of the test mnemonic (anvil's), EIP-55. */
const accounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
] as const
const evm = (index: number) => ({ address: accounts[index]! })

const leg = await quickestBackend('identity')
const h = routeHarness(leg)
const get = (path: string) => h.api.request(path)

describe('GET /v1/identity/{address}', () => {
  it('answers null name and avatar with a note when no chain has ENS', async () => {
    const response = await get(`/v1/identity/${evm(0).address}?projectId=app&sender=${evm(1).address}`)
    expect(IdentityResponse.parse(await response.json())).toEqual({
      name: null,
      avatar: null,
      note: expect.stringContaining('ENS'),
    })
  })

  it("answers the address's newest name registered here, its avatar only when a browser may load it", async () => {
    const register = (name: string, avatar: string) =>
      Names.insert(h.database.db, {
        name,
        zone: 'wf.id',
        coinType: 60,
        address: evm(3).address,
        attributes: { avatar },
        messageHash: `0x${name.length.toString(16).padStart(64, '0')}`,
      })
    await register('old.wf.id', 'https://img.test/old.png')
    await new Promise((resolve) => setTimeout(resolve, 5))
    await register('newest-one.wf.id', 'javascript:alert(1)')
    const response = await get(`/v1/identity/${evm(3).address}?projectId=app`)
    expect(IdentityResponse.parse(await response.json())).toEqual({ name: 'newest-one.wf.id', avatar: null })
    // Another address keeps the note: the name is the registrant's only.
    expect(await (await get(`/v1/identity/${evm(2).address}?projectId=app`)).json()).toMatchObject({
      note: noRegistryNote,
    })
  })

  it.each([
    ['no address', () => get('/v1/identity/nope?projectId=app')],
    ['a Solana address', () => get('/v1/identity/TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA?projectId=app')],
  ] as const)('answers %s with 400 naming the address', async (_, send) => {
    await expectFieldError(await send(), 'address')
  })
})

describe('GET /v1/identity/{address} on a chain with ENS', () => {
  // A node that plays an ENS universal resolver: eth_call answers reverse and text lookups.
  const resolver = '0x00000000000000000000000000000000000e1e50'
  const universalResolver = parseAbi([
    'function reverseWithGateways(bytes reverseName, uint256 coinType, string[] gateways) view returns (string, address, address)',
    'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
  ])
  const textAbi = parseAbi(['function text(bytes32 node, string key) view returns (string)'])
  const names = (): Record<string, { name: string; avatar: string }> => ({
    [evm(4).address.toLowerCase()]: { name: 'alice.eth', avatar: 'https://img.test/alice.png' },
    [evm(5).address.toLowerCase()]: {
      name: 'bob.eth',
      avatar: 'eip155:1/erc721:0xb47e3cd837ddf8e4c57f05d70ab865de6e193bbb/1',
    },
  })
  let calls = 0
  const ensFetch = (async (_url: string, init: RequestInit) => {
    const { id, params } = JSON.parse(String(init.body)) as { id: number; params: [{ data: Hex }] }
    calls++
    const call = decodeFunctionData({ abi: universalResolver, data: params[0].data })
    let result: Hex
    if (call.functionName === 'reverseWithGateways') {
      const address = `0x${(call.args[0] as Hex).slice(2).toLowerCase()}`
      result = encodeFunctionResult({
        abi: universalResolver,
        functionName: 'reverseWithGateways',
        result: [names()[address]?.name ?? '', resolver, resolver],
      })
    } else {
      const text = decodeFunctionData({ abi: textAbi, data: call.args[1] as Hex })
      const entry = Object.values(names()).find((n) => namehash(n.name) === text.args[0])
      const value = text.args[1] === 'avatar' ? (entry?.avatar ?? '') : ''
      result = encodeFunctionResult({
        abi: universalResolver,
        functionName: 'resolveWithGateways',
        result: [encodeAbiParameters([{ type: 'string' }], [value]), resolver],
      })
    }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), {
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch

  it('answers name and avatar, keeps only http(s) avatars, and caches', async () => {
    const ens = createApi({
      config: Config.parse({
        version: 1,
        networks: [
          {
            caipNetworkId: 'eip155:11155111',
            chainNamespace: 'eip155',
            id: 11155111,
            name: 'ENS test',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            nativePriceUsd: 1,
            rpcUrls: { default: { http: ['http://ens.invalid'] } },
            testnet: true,
            contracts: { ensUniversalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' },
          },
        ],
      }),
      db: h.database.db,
      fetch: ensFetch,
    })
    const identity = async (address: string) =>
      IdentityResponse.parse(await (await ens.request(`/v1/identity/${address}?projectId=app`)).json())
    expect(await identity(evm(4).address)).toEqual({
      name: 'alice.eth',
      avatar: 'https://img.test/alice.png',
    })
    expect(await identity(evm(5).address)).toEqual({ name: 'bob.eth', avatar: null })
    expect(await identity(evm(6).address)).toEqual({ name: null, avatar: null })
    const before = calls
    expect(await identity(evm(4).address)).toEqual({
      name: 'alice.eth',
      avatar: 'https://img.test/alice.png',
    })
    expect(calls).toBe(before)
  })
})
