import { QueryClient } from '@tanstack/react-query'
import type { Nft } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { apiAnswering } from '../testing.js'
import { nfts } from './nfts.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = { caipNetworkId: 'eip155:1', chainNamespace: 'eip155' } as const

const punk: Nft = {
  chainId: 'eip155:1',
  contract: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  tokenId: '7',
  collection: { name: 'Punks', symbol: 'PNK' },
  name: 'Punk #7',
  description: null,
  image: 'http://127.0.0.1:9/7.svg',
  hasMetadata: true,
  flags: { is_spam: false },
}

const api = apiAnswering

describe('nfts', () => {
  it('asks the API for the active network and answers its tokens', async () => {
    const { client, fetch } = api([
      () => new Response(JSON.stringify({ nfts: [punk], spamRemoved: 2 }), { status: 200 }),
    ])
    const result = await new QueryClient().fetchQuery(nfts(client, network, address))
    expect(result).toEqual([punk])
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(
      `https://api.example/v1/account/${address}/nfts?chainId=eip155%3A1&projectId=p1&st=walletframe&sv=0.1.0`,
    )
  })

  it('skips a network without NFTs (not EVM) with an empty result, without calling', async () => {
    const { client, fetch } = api([])
    const solana = {
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
    } as const
    expect(await new QueryClient().fetchQuery(nfts(client, solana, address))).toEqual([])
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fails with the API error when the API fails or answers the wrong shape', async () => {
    const { client } = api([
      () =>
        new Response(JSON.stringify({ error: 'RPC down', code: 'UPSTREAM_UNAVAILABLE' }), { status: 502 }),
      () =>
        new Response(JSON.stringify({ nfts: [{ ...punk, tokenId: 'seven' }], spamRemoved: 0 }), {
          status: 200,
        }),
    ])
    const options = { ...nfts(client, network, address), retry: false }
    await expect(new QueryClient().fetchQuery(options)).rejects.toMatchObject({
      status: 502,
      message: 'RPC down',
    })
    await expect(new QueryClient().fetchQuery(options)).rejects.toMatchObject({ status: 200 })
  })
})
