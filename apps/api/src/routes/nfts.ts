// GET /v1/account/{address}/nfts: the ERC-721 tokens an address holds on one EVM network. Candidates
// come from the indexer (tokens ever sent to the address), ownership from ownerOf on the chain now,
// name and image from each token's metadata. Tokens of collections the network's config does not list
// are spam (`is_spam`): left out, and counted in `spamRemoved`. Answers are cached 30 s per
// (network, address) in this process, like balances.
import { maxNftsPerAnswer, type Nft, NftQuery, NftResponse } from '@walletframe/protocol'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'
import type { Network } from '../chains/Networks.js'
import * as NftMetadata from '../chains/nftMetadata.js'
import * as Nfts from '../chains/nfts.js'
import * as Received from '../db/nfts.js'
import { fromChainFailure, InvalidRequestError, NetworkNotSupportedError } from '../errors.js'
import * as TtlCache from '../internal/TtlCache.js'
import { requireProject } from '../middleware/access.js'
import { parseAccount } from './addresses.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const Params = z.object({ address: z.string().max(128) })

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/account/{address}/nfts',
  summary:
    'ERC-721 tokens an address holds on an EVM network (ownerOf checked now), with metadata name and ' +
    'image; tokens of collections the network does not list are spam and left out (spamRemoved counts them)',
  params: Params,
  query: NftQuery,
  response: NftResponse,
  errors: [400, 401, 403, 429, 502],
}

/** Most recently received candidates checked per answer; more than are answered, for ones sent on. */
const listedCandidates = 4 * maxNftsPerAnswer
/** Spam is only counted, but an airdrop campaign must not make one answer unbounded work. */
const spamCandidates = 1_000
/** Metadata servers asked at once. */
const metadataConcurrency = 8

export function register(app: App, deps: Deps): void {
  const cache = TtlCache.create<NftResponse>({
    ttlMs: deps.config.options.balanceCacheTtlMs,
    maxEntries: 10_000,
  })
  // Concurrent misses for the same key share one read.
  const inflight = new Map<string, Promise<NftResponse>>()

  async function read(entry: Network, owner: Address): Promise<NftResponse> {
    const { network, upstream } = entry
    const chainId = network.caipNetworkId
    const listed = new Map(network.nfts.map((nft) => [nft.address.toLowerCase(), nft]))
    const [vouched, unsolicited] = await Promise.all([
      Received.received(deps.db, {
        chainId,
        owner,
        contracts: { in: [...listed.keys()] },
        limit: listedCandidates,
      }),
      Received.received(deps.db, {
        chainId,
        owner,
        contracts: { notIn: [...listed.keys()] },
        limit: spamCandidates,
      }),
    ])
    const ref = (row: Received.Received) => ({
      contract: getAddress(row.contract),
      tokenId: BigInt(row.tokenId),
    })
    const [listedReads, spamReads] = await Promise.all([
      Nfts.readTokens(upstream, network, vouched.map(ref), { tokenUri: true }),
      Nfts.readTokens(upstream, network, unsolicited.map(ref), { tokenUri: false }),
    ]).catch((error: unknown) => {
      throw fromChainFailure(chainId, error, 'NFT read failed', 'address')
    })
    const held = vouched
      .map((row, i) => ({ row, read: listedReads[i]! }))
      .filter(({ read }) => read.owner === owner)
      .slice(0, maxNftsPerAnswer)
    const spamRemoved = spamReads.filter((read) => read.owner === owner).length

    // One deadline for every metadata server of this answer: a slow one costs the answer its
    // metadata, never the answer itself.
    const deadline = AbortSignal.timeout(deps.config.options.rpcTimeoutMs)
    const metadata = await mapLimit(held, metadataConcurrency, ({ read }) =>
      read.tokenUri ? NftMetadata.read(read.tokenUri, { signal: deadline }) : Promise.resolve(undefined),
    )
    const nfts = held.map(({ row }, i): Nft => {
      const collection = listed.get(row.contract)!
      const shown = {
        name: NftMetadata.clip(collection.name, 128) ?? 'Collection',
        symbol: NftMetadata.clip(collection.symbol, 32) ?? '?',
      }
      const found = metadata[i]
      return {
        chainId,
        contract: `${chainId}:${getAddress(row.contract)}`,
        tokenId: row.tokenId,
        collection: shown,
        name: NftMetadata.clip(found?.name, 256) ?? NftMetadata.clip(`${shown.name} #${row.tokenId}`, 256)!,
        description: NftMetadata.clip(found?.description, 2_000) ?? null,
        image: found?.image ?? null,
        hasMetadata: found !== undefined,
        // Only listed collections reach the answer; the rest were spam (counted above).
        flags: { is_spam: false },
      }
    })
    return { nfts, spamRemoved }
  }

  app.get('/v1/account/:address/nfts', requireProject(deps, { from: 'query' }), async (c) => {
    const { address } = validate.params(c, Params)
    const query = validate.query(c, NftQuery)
    const entry = deps.networks.get(query.chainId)
    if (!entry) throw new NetworkNotSupportedError(`Network ${query.chainId} is not served by this API`)
    if (entry.network.chainNamespace !== 'eip155') {
      throw new NetworkNotSupportedError(
        `NFTs are read on EVM (eip155) networks only; ${query.chainId} is a ${entry.network.chainNamespace} network`,
      )
    }
    const account = parseAccount(address, 'address')
    if (account.namespace !== 'eip155') {
      throw new InvalidRequestError(`Invalid address: not an address of ${query.chainId}`, 'address')
    }
    if (account.caipNetworkId && account.caipNetworkId !== query.chainId) {
      throw new InvalidRequestError(
        'Invalid chainId: differs from the chain in the CAIP-10 address',
        'chainId',
      )
    }
    const key = `${query.chainId}:${account.address}`
    const cached = cache.get(key)
    if (cached) return c.json(cached)
    let pending = inflight.get(key)
    if (!pending) {
      pending = read(entry, account.address).finally(() => inflight.delete(key))
      inflight.set(key, pending)
    }
    const answer = await pending
    cache.set(key, answer)
    return c.json(answer satisfies NftResponse)
  })
}

/** `fn` over `items`, at most `limit` at a time, results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
