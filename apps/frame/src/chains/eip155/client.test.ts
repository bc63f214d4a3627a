// The shared EVM client against a JSON-RPC endpoint started on port 0: one client per network and
// endpoint, the network as its chain, and one request per call (no retries).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { evmNetwork } from '@walletframe/protocol/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicClient } from './client.js'

let server: Server
let url: string
const calls: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      calls.push(`${request.url} ${method}`)
      if (request.url === '/down') {
        response.writeHead(503).end()
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id, result: method === 'eth_chainId' ? '0x2105' : '0x2a' }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('publicClient', () => {
  it('gives every caller the same client for a network and endpoint, another for another endpoint', () => {
    const base = evmNetwork(8453, 'Base', `${url}/base`)
    expect(publicClient(base)).toBe(publicClient({ ...base }))
    expect(publicClient(evmNetwork(8453, 'Base', `${url}/other`))).not.toBe(publicClient(base))
    expect(publicClient(evmNetwork(1, 'Ethereum', `${url}/base`))).not.toBe(publicClient(base))
  })

  it("carries the network as its chain and reads from the network's default endpoint", async () => {
    const client = publicClient(evmNetwork(8453, 'Base', `${url}/read`))
    expect(client.chain).toMatchObject({ id: 8453, name: 'Base', nativeCurrency: { symbol: 'ETH' } })
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(42n)
    expect(await client.getChainId()).toBe(8453)
    expect(calls).toContain('/read eth_blockNumber')
  })

  it('asks a failing endpoint once and leaves retrying to the caller', async () => {
    const client = publicClient(evmNetwork(8453, 'Base', `${url}/down`))
    await expect(client.getBlockNumber({ cacheTime: 0 })).rejects.toThrow()
    expect(calls.filter((call) => call.startsWith('/down'))).toEqual(['/down eth_blockNumber'])
  })
})
