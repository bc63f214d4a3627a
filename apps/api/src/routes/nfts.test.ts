// GET /v1/account/{address}/nfts against the devstack's anvil chains, the indexer following them into
// an in-memory PGlite: what the answer holds is what ownerOf and tokenURI say on the chain.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { artifacts, nftHolders, spamNftCollection, spamNftHolders } from '@walletframe/devstack'
import { type ChainNetwork, NftResponse } from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc721Abi,
  getAddress,
  type Hex,
  http,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '../createApi.js'
import { devstackHarness } from '../internal/testing.js'

/** Metadata servers that fail: one answers 500, one never answers. */
let failing: Server
let failingUrl: string

const solana: ChainNetwork = {
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  nativePriceUsd: 150,
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  testnet: true,
  contracts: {},
  tokens: [],
  nfts: [],
}

beforeAll(async () => {
  failing = createServer((request, response) => {
    if (request.url?.startsWith('/500/')) response.writeHead(500).end()
    // Anything else hangs: the API's deadline has to end the wait.
  })
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
})

// Registered before the harness, so it runs after the API and the devstack have stopped.
afterAll(async () => {
  failing?.closeAllConnections()
  await new Promise((resolve) => failing?.close(resolve))
})

const h = devstackHarness({
  networks: [solana],
  options: { reorgSafeDepth: 0, rpcTimeoutMs: 1_000, indexer: { pollIntervalMs: 50 } },
})

beforeAll(async () => {
  for (const chain of [1, 8453])
    await h.api.indexer.waitFor(`eip155:${chain}`, Number(await client(chain).getBlockNumber()))
})

const network = (chain: number) => h.stack.chainsFile.networks.find((n) => n.id === chain)!
const listed = (chain: number) => getAddress(network(chain).nfts[0]!.address)
const spam = (chain: number) => getAddress(network(chain).contracts.spamNft!)
const evm = (index: number) => h.stack.chainsFile.accounts.evm[index]!

function viemChain(chain: number) {
  return defineChain({
    id: chain,
    name: network(chain).name,
    nativeCurrency: network(chain).nativeCurrency,
    rpcUrls: { default: { http: network(chain).rpcUrls.default.http } },
  })
}

function client(chain: number) {
  return createPublicClient({ chain: viemChain(chain), transport: http() })
}

function wallet(chain: number, index: number) {
  const account = privateKeyToAccount(evm(index).privateKey as Hex)
  return createWalletClient({ account, chain: viemChain(chain), transport: http() })
}

type Requester = { request(path: string): Response | Promise<Response> }

async function nfts(address: string, chainId: string, app: Requester = byUrl) {
  const response = await app.request(`/v1/account/${address}/nfts?projectId=app&chainId=${chainId}`)
  expect(response.status).toBe(200)
  return NftResponse.parse(await response.json())
}

const byUrl: Requester = { request: (path) => fetch(`${h.api.url}${path}`) }

async function waitForIndexer(chain: number, hash: Hex) {
  const receipt = await client(chain).waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  await h.api.indexer.waitFor(`eip155:${chain}`, Number(receipt.blockNumber))
}

describe('GET /v1/account/{address}/nfts', () => {
  it('answers the listed tokens an address holds with the metadata its tokenURI points at', async () => {
    const holder = evm(spamNftHolders[0]).address as Address
    const answer = await nfts(holder, 'eip155:1')
    const tokenIds = nftHolders.flatMap((index, tokenId) =>
      evm(index).address === holder ? [String(tokenId)] : [],
    )
    expect(answer.nfts.map((nft) => nft.tokenId)).toEqual(tokenIds)
    for (const nft of answer.nfts) {
      const tokenId = BigInt(nft.tokenId)
      const args = [tokenId] as const
      const contract = listed(1)
      expect(
        await client(1).readContract({ address: contract, abi: erc721Abi, functionName: 'ownerOf', args }),
      ).toBe(holder)
      const uri = await client(1).readContract({
        address: contract,
        abi: erc721Abi,
        functionName: 'tokenURI',
        args,
      })
      const metadata = (await (await fetch(uri)).json()) as {
        name: string
        description: string
        image: string
      }
      expect(nft).toEqual({
        chainId: 'eip155:1',
        contract: `eip155:1:${contract}`,
        tokenId: String(tokenId),
        collection: { name: network(1).nfts[0]!.name, symbol: network(1).nfts[0]!.symbol },
        name: metadata.name,
        description: metadata.description,
        image: metadata.image,
        hasMetadata: true,
        flags: { is_spam: false },
      })
      expect((await fetch(nft.image!)).headers.get('content-type')).toBe('image/svg+xml')
    }
  })

  it('removes the collection the network does not list as spam, and counts it', async () => {
    const holder = evm(spamNftHolders[0]).address as Address
    // The chain says the holder has the spam token; the answer leaves it out.
    expect(
      await client(8453).readContract({
        address: spam(8453),
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [0n],
      }),
    ).toBe(holder)
    const answer = await nfts(`eip155:8453:${holder}`, 'eip155:8453')
    expect(answer.spamRemoved).toBe(1)
    expect(answer.nfts.length).toBeGreaterThan(0)
    expect(answer.nfts.every((nft) => nft.contract === `eip155:8453:${listed(8453)}`)).toBe(true)
    expect(JSON.stringify(answer)).not.toContain(spamNftCollection.name)
  })

  it('lists the most recently received first', async () => {
    const alice = evm(0).address
    const answer = await nfts(alice, 'eip155:8453')
    expect(answer).toMatchObject({ spamRemoved: 0 })
    // Token 1 was minted after token 0.
    expect(answer.nfts.map((nft) => nft.tokenId)).toEqual(['1', '0'])
  })

  it('answers from its 30 s cache, and checks ownership on the chain: a token sent on is gone', async () => {
    const [tokenId, holderIndex] = [2, nftHolders[2]]
    const holder = evm(holderIndex).address as Address
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const before = await nfts(holder, 'eip155:8453')
    expect(before.nfts.map((nft) => nft.tokenId)).toEqual([String(tokenId)])

    const hash = await wallet(8453, holderIndex).writeContract({
      address: listed(8453),
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [holder, recipient, BigInt(tokenId)],
    })
    await waitForIndexer(8453, hash)
    expect(await nfts(holder, 'eip155:8453')).toEqual(before)

    // A process with an empty cache: the indexer still has the mint to the holder, ownerOf does not.
    const fresh = createApi({ config: h.api.app.deps.config, db: h.api.database.db })
    expect((await nfts(holder, 'eip155:8453', fresh)).nfts).toEqual([])
    expect((await nfts(recipient, 'eip155:8453', fresh)).nfts).toEqual([
      expect.objectContaining({ tokenId: String(tokenId), contract: `eip155:8453:${listed(8453)}` }),
    ])
  })

  it('answers a token whose metadata cannot be read without it, never with an error', async () => {
    const deployer = wallet(1, 9)
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const erc721 = artifacts.erc721()
    const collections = [
      { name: 'Broken Server', symbol: 'B500', baseUri: `${failingUrl}/500/` },
      { name: 'Silent Server', symbol: 'HANG', baseUri: `${failingUrl}/hang/` },
      {
        name: 'Pinned Elsewhere',
        symbol: 'IPFS',
        baseUri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/',
      },
    ]
    const deployed: { address: Address; name: string; symbol: string }[] = []
    for (const collection of collections) {
      const hash = await deployer.deployContract({
        abi: erc721.abi,
        bytecode: erc721.bytecode,
        args: [collection.name, collection.symbol, collection.baseUri],
      })
      const { contractAddress } = await client(1).waitForTransactionReceipt({ hash })
      const address = getAddress(contractAddress!)
      await waitForIndexer(
        1,
        await deployer.writeContract({ address, abi: erc721.abi, functionName: 'mint', args: [recipient] }),
      )
      deployed.push({ address, name: collection.name, symbol: collection.symbol })
    }
    const { config } = h.api.app.deps
    const listing = createApi({
      config: {
        ...config,
        networks: config.networks.map((n) =>
          n.caipNetworkId === 'eip155:1'
            ? { ...n, nfts: [...n.nfts, ...deployed.map((d) => ({ ...d, standard: 'erc721' as const }))] }
            : n,
        ),
      },
      db: h.api.database.db,
    })
    const answer = await nfts(recipient, 'eip155:1', listing)
    expect(answer.spamRemoved).toBe(0)
    expect(answer.nfts.map((nft) => nft.contract).sort()).toEqual(
      deployed.map((d) => `eip155:1:${d.address}`).sort(),
    )
    for (const nft of answer.nfts) {
      expect(nft).toMatchObject({
        tokenId: '0',
        name: `${nft.collection.name} #0`,
        description: null,
        image: null,
        hasMetadata: false,
      })
    }
  })

  const someone = '0x'.padEnd(42, '1')
  const bad = [
    {
      label: 'an unknown network',
      path: `/${someone}/nfts?chainId=eip155:424242`,
      code: 'NETWORK_NOT_SUPPORTED',
      field: 'chainId',
    },
    {
      label: 'a non-EVM network',
      path: `/${someone}/nfts?chainId=${solana.caipNetworkId}`,
      code: 'NETWORK_NOT_SUPPORTED',
      field: 'chainId',
    },
    { label: 'no chainId', path: `/${someone}/nfts?`, code: 'INVALID_REQUEST', field: 'chainId' },
    {
      label: 'a malformed chainId',
      path: `/${someone}/nfts?chainId=1`,
      code: 'INVALID_REQUEST',
      field: 'chainId',
    },
    {
      label: 'an invalid address',
      path: '/zz/nfts?chainId=eip155:1',
      code: 'INVALID_REQUEST',
      field: 'address',
    },
    {
      label: 'a wrong EIP-55 checksum',
      path: '/0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266/nfts?chainId=eip155:1',
      code: 'INVALID_REQUEST',
      field: 'address',
    },
    {
      label: 'a Solana address',
      path: '/9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM/nfts?chainId=eip155:1',
      code: 'INVALID_REQUEST',
      field: 'address',
    },
    {
      label: 'a CAIP-10 address of another chain',
      path: `/eip155:8453:${someone}/nfts?chainId=eip155:1`,
      code: 'INVALID_REQUEST',
      field: 'chainId',
    },
  ]

  it.each(bad)('refuses $label: 400 $code naming $field', async ({ path, code, field }) => {
    const response = await fetch(`${h.api.url}/v1/account${path}&projectId=app`)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { code: string; field?: string; error: string }
    expect(body).toMatchObject({ code, field })
    if (path.includes(solana.caipNetworkId)) expect(body.error).toMatch(/EVM \(eip155\) networks only/)
  })

  it('refuses a call without projectId: 400 "Project ID Not Configured"', async () => {
    const response = await fetch(`${h.api.url}/v1/account/${someone}/nfts?chainId=eip155:1`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'PROJECT_ID_NOT_CONFIGURED', field: 'projectId' })
  })

  it('is described in /openapi.json with its required chainId', async () => {
    const doc = (await (await fetch(`${h.api.url}/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string; required: boolean }[]; summary: string } }>
    }
    const route = doc.paths['/v1/account/{address}/nfts']!.get
    expect(route.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'address', required: true }),
        expect.objectContaining({ name: 'chainId', required: true }),
        expect.objectContaining({ name: 'projectId', required: true }),
      ]),
    )
    expect(route.summary).toMatch(/spam/)
  })
})
