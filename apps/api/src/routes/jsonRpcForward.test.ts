// forward(): calls off the allowlist are answered in place and never sent; the rest go upstream in
// one batch, in order, and each answer returns to its caller's place with its caller's id.
import type { JsonRpcRequest } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import type { RpcRequest, RpcResult } from '../chains/Upstream.js'
import { forward } from './jsonRpcForward.js'

const allowed = new Set(['eth_chainId', 'eth_blockNumber'])
const call = (id: JsonRpcRequest['id'], method: string): JsonRpcRequest => ({ jsonrpc: '2.0', id, method })

/** An upstream that answers each call with its method name, and records what it was sent. */
function upstream(answer: (call: RpcRequest) => RpcResult = (c) => ({ result: c.method })) {
  const sent: RpcRequest[][] = []
  const send = async (calls: RpcRequest[]) => {
    sent.push(calls)
    return calls.map(answer)
  }
  return { sent, send }
}

describe('forward', () => {
  it('sends the allowed calls of a batch upstream together, in order, and answers each in its place', async () => {
    const node = upstream()
    const answers = await forward(
      [call(1, 'eth_chainId'), call('two', 'eth_sign'), call(3, 'eth_blockNumber')],
      allowed,
      node.send,
    )
    expect(node.sent).toEqual([
      [
        { method: 'eth_chainId', params: undefined },
        { method: 'eth_blockNumber', params: undefined },
      ],
    ])
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'eth_chainId' },
      {
        jsonrpc: '2.0',
        id: 'two',
        error: { code: 4200, message: 'Requested RPC call is not allowed: eth_sign' },
      },
      { jsonrpc: '2.0', id: 3, result: 'eth_blockNumber' },
    ])
  })

  it('answers a single call with a single answer, and a refused one without asking upstream', async () => {
    const node = upstream()
    expect(await forward(call(7, 'eth_chainId'), allowed, node.send)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: 'eth_chainId',
    })
    expect(await forward(call(8, 'eth_sendTransaction'), allowed, node.send)).toMatchObject({
      id: 8,
      error: { code: 4200 },
    })
    expect(node.sent).toEqual([[{ method: 'eth_chainId', params: undefined }], []])
  })

  it("passes the node's errors through as data, and answers a call without id with id null", async () => {
    const node = upstream(() => ({ error: { code: -32602, message: 'Invalid params' } }))
    const answer = await forward({ jsonrpc: '2.0', method: 'eth_chainId' }, allowed, node.send)
    expect(answer).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Invalid params' } })
  })

  it('answers a null result as null, never leaving the result out', async () => {
    const node = upstream(() => ({}))
    expect(await forward(call(1, 'eth_chainId'), allowed, node.send)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: null,
    })
  })
})
