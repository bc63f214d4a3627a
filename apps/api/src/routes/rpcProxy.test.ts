// POST /v1, the JSON-RPC proxy, against the devstack's chains (two anvil nodes and the Solana RPC) plus
// a network whose RPC refuses connections: reads and batches go through with each answer in its
// caller's place, other methods are refused per call, upstream errors pass through as data, and
// oversized bodies are cut off while reading.
import { describe, expect, it } from 'vitest'
import { deadNetwork, devstackHarness, expectFieldError } from '../internal/testing.js'

const h = devstackHarness({
  solana: true,
  networks: [deadNetwork(999, 'http://127.0.0.1:1')],
  options: { rpcTimeoutMs: 500, indexer: { enabled: false } },
})

const post = (path: string, body: unknown) =>
  fetch(`${h.api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const evm = (index: number) => h.stack.chainsFile.accounts.evm[index]!

describe('POST /v1 (JSON-RPC proxy)', () => {
  const rpc = (chainId: string, body: unknown) => post(`/v1?chainId=${chainId}&projectId=app`, body)

  it('forwards a batch, refusing non-read methods per call', async () => {
    const response = await rpc('eip155:8453', [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 'two', method: 'eth_sign', params: [evm(0).address, '0x00'] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: [evm(9).address, 'latest'] },
    ])
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x2105' },
      {
        jsonrpc: '2.0',
        id: 'two',
        error: { code: 4200, message: 'Requested RPC call is not allowed: eth_sign' },
      },
      { jsonrpc: '2.0', id: 3, result: expect.stringMatching(/^0x[0-9a-f]+$/) },
    ])
  })

  it('passes upstream JSON-RPC errors through', async () => {
    const response = await rpc('eip155:1', {
      jsonrpc: '2.0',
      id: 7,
      method: 'eth_getBalance',
      params: ['0xnot-an-address'],
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: expect.any(Number), message: expect.any(String) },
    })
  })

  it('forwards Solana reads', async () => {
    const solana = h.stack.chainsFile.networks.find((n) => n.chainNamespace === 'solana')!
    const response = await rpc(solana.caipNetworkId, { jsonrpc: '2.0', id: 1, method: 'getHealth' })
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' })
  })

  it('rejects a chunked body over the limit while reading it', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 1 MB in total, far over the limit, with no content-length announced.
        if (sent++ < 16) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(`${h.api.url}/v1?chainId=eip155:1&projectId=app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
  })

  it('rejects bodies over 256 KB with 413', async () => {
    const big = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(140 * 1024)}` }],
    }
    const response = await rpc('eip155:1', big)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body' })
  })

  it('answers 502 when the upstream is down', async () => {
    const response = await rpc('eip155:999', { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      error: expect.stringContaining('connection failed'),
    })
  })

  it('answers a network it does not serve with 400 naming chainId', async () => {
    const response = await rpc('eip155:10', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'NETWORK_NOT_SUPPORTED' })
  })

  it.each([
    [
      'no chainId',
      () => post('/v1?projectId=app', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      'chainId',
    ],
    ['a body that is not JSON', () => post('/v1?projectId=app&chainId=eip155:1', '[{'), 'body'],
    ['a body that is not JSON-RPC', () => post('/v1?projectId=app&chainId=eip155:1', { hello: 1 }), 'body'],
    ['an empty batch', () => post('/v1?projectId=app&chainId=eip155:1', []), 'body'],
  ] as const)('answers %s with 400 naming the field', async (_, send, field) => {
    await expectFieldError(await send(), field)
  })
})
