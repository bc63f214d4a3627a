import { describe, expect, it, vi } from 'vitest'
import { UpstreamError } from '../errors.js'
import * as Upstream from './Upstream.js'

const reset = () =>
  Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET', message: 'read ECONNRESET' } })
const refused = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' },
  })
const answer = () => Response.json({ jsonrpc: '2.0', id: 1, result: '0x1' })

describe('Upstream', () => {
  it('sends a call again on a reset connection (a pooled socket the node closed), once per URL', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(reset())
      .mockResolvedValueOnce(answer())
    const upstream = Upstream.create({
      chainId: 'eip155:1',
      urls: ['http://node.test'],
      timeoutMs: 1_000,
      fetch,
    })
    expect(await upstream.request('eth_chainId')).toBe('0x1')
    expect(fetch).toHaveBeenCalledTimes(2)

    const resets = vi.fn<typeof globalThis.fetch>().mockRejectedValue(reset())
    const failing = Upstream.create({
      chainId: 'eip155:1',
      urls: ['http://node.test'],
      timeoutMs: 1_000,
      fetch: resets,
    })
    await expect(failing.request('eth_chainId')).rejects.toThrow(UpstreamError)
    expect(resets).toHaveBeenCalledTimes(2)
  })

  it('moves to the next URL at once when a node refuses the connection', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(refused())
      .mockResolvedValueOnce(answer())
    const upstream = Upstream.create({
      chainId: 'eip155:1',
      urls: ['http://down.test', 'http://up.test'],
      timeoutMs: 1_000,
      fetch,
    })
    expect(await upstream.request('eth_chainId')).toBe('0x1')
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['http://down.test', 'http://up.test'])
  })
})
