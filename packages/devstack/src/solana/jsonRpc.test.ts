import { describe, expect, it } from 'vitest'
import * as JsonRpc from './jsonRpc.js'
import { RpcError } from './RpcError.js'

const dispatch: JsonRpc.Dispatch = (request) => {
  if (request.method === 'echo') return request.params
  if (request.method === 'fail') throw new RpcError(-32002, 'nope', { logs: [] })
  if (request.method === 'crash') throw new TypeError('boom')
  throw JsonRpc.methodNotFound()
}

describe('handle', () => {
  it('answers a request with its id', () => {
    expect(JsonRpc.handle('{"jsonrpc":"2.0","id":"a","method":"echo","params":[1]}', dispatch)).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: [1],
    })
  })

  it('keeps error codes and data of thrown RpcErrors and hides other throws behind -32603', () => {
    expect(JsonRpc.handle('{"jsonrpc":"2.0","id":1,"method":"fail"}', dispatch)).toMatchObject({
      error: { code: -32002, message: 'nope', data: { logs: [] } },
    })
    expect(JsonRpc.handle('{"jsonrpc":"2.0","id":1,"method":"crash"}', dispatch)).toMatchObject({
      error: { code: -32603 },
    })
  })

  it('answers notifications with nothing and batches item by item', () => {
    expect(JsonRpc.handle('{"jsonrpc":"2.0","method":"echo"}', dispatch)).toBeNull()
    expect(
      JsonRpc.handle(
        '[{"jsonrpc":"2.0","id":1,"method":"echo"},{"jsonrpc":"2.0","method":"echo"},5,{"jsonrpc":"2.0","id":2,"method":"x"}]',
        dispatch,
      ),
    ).toEqual([
      { jsonrpc: '2.0', id: 1, result: [] },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ])
  })

  it('rejects bodies that are not JSON-RPC 2.0', () => {
    expect(JsonRpc.handle('', dispatch)).toMatchObject({ id: null, error: { code: -32700 } })
    expect(JsonRpc.handle('[]', dispatch)).toMatchObject({ error: { code: -32600 } })
    expect(JsonRpc.handle('{"jsonrpc":"1.0","id":3,"method":"echo"}', dispatch)).toMatchObject({
      id: 3,
      error: { code: -32600 },
    })
    expect(
      JsonRpc.handle('{"jsonrpc":"2.0","id":4,"method":"echo","params":{"a":1}}', dispatch),
    ).toMatchObject({
      id: 4,
      error: { code: -32602 },
    })
  })
})
