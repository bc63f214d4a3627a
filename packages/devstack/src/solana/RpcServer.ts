// HTTP and WebSocket endpoints of the local Solana cluster on 127.0.0.1. The WebSocket side also
// listens on the HTTP port + 1, because web3.js's Connection derives its socket URL that way when
// it is given only the HTTP URL; both ports answer both protocols.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { PublicKey } from '@solana/web3.js'
import { type WebSocket, WebSocketServer } from 'ws'
import { PortUnavailableError } from '../errors.js'
import * as AccountEncoding from './accountEncoding.js'
import * as JsonRpc from './jsonRpc.js'
import type { Ledger, TransactionRecord } from './Ledger.js'
import { methods } from './methods.js'
import { invalidParams, RpcError, rpcErrorCodes } from './RpcError.js'

const maxBodyBytes = 5 * 1024 * 1024

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: string; encoding: AccountEncoding.Encoding }
  | { kind: 'slot' }

export type RpcServer = { httpUrl: string; wsUrl: string; stop(): Promise<void> }

function dispatchHttp(ledger: Ledger): JsonRpc.Dispatch {
  return (request) => {
    const method = methods[request.method]
    if (!method) throw JsonRpc.methodNotFound()
    return method(request.params, ledger)
  }
}

function onHttpRequest(ledger: Ledger) {
  const dispatch = dispatchHttp(ledger)
  return (request: IncomingMessage, response: ServerResponse) => {
    // The frame and demo call this RPC from other localhost origins.
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    response.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (request.method !== 'POST') {
      response
        .writeHead(405, { 'content-type': 'text/plain' })
        .end('Used HTTP Method is not allowed. POST or OPTIONS is required')
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        response.writeHead(413, { 'content-type': 'text/plain' }).end('Payload Too Large')
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => {
      if (response.headersSent) return
      const answer = JsonRpc.handle(Buffer.concat(chunks).toString('utf8'), dispatch)
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(answer ? JSON.stringify(answer) : '')
    })
    request.on('error', () => response.destroy())
  }
}

/** Tracks the subscriptions of every socket and pushes notifications as the ledger moves. */
function subscriptions(ledger: Ledger) {
  const sockets = new Map<WebSocket, Map<number, Subscription>>()
  let nextId = 0

  const send = (socket: WebSocket, method: string, subscription: number, result: unknown) => {
    if (socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }))
    }
  }
  const context = () => ({ slot: ledger.slot })
  const notifySignature = (socket: WebSocket, id: number, record: TransactionRecord) => {
    send(socket, 'signatureNotification', id, { context: context(), value: { err: record.err } })
    // Signature subscriptions end after their one notification, as on a validator.
    sockets.get(socket)?.delete(id)
  }
  const accountValue = (address: string, encoding: AccountEncoding.Encoding) => {
    const info = ledger.getAccount(address)
    if (info) return AccountEncoding.encode(info, { encoding }, (key) => ledger.getAccount(key))
    return {
      data: ['', 'base64'],
      executable: false,
      lamports: 0,
      owner: '11111111111111111111111111111111',
      rentEpoch: 0,
      space: 0,
    }
  }

  const onTransaction = (record: TransactionRecord) => {
    const keys = new Set(record.transaction.message.staticAccountKeys.map((key) => key.toBase58()))
    for (const [socket, subs] of sockets) {
      for (const [id, sub] of subs) {
        if (sub.kind === 'signature' && sub.signature === record.signature)
          notifySignature(socket, id, record)
        if (sub.kind === 'account' && keys.has(sub.address)) {
          send(socket, 'accountNotification', id, {
            context: context(),
            value: accountValue(sub.address, sub.encoding),
          })
        }
      }
    }
  }
  const onSlot = (slot: { slot: number; parent: number; root: number }) => {
    for (const [socket, subs] of sockets) {
      for (const [id, sub] of subs) if (sub.kind === 'slot') send(socket, 'slotNotification', id, slot)
    }
  }
  ledger.events.on('transaction', onTransaction)
  ledger.events.on('slot', onSlot)

  const unsubscribe = (socket: WebSocket, kind: Subscription['kind'], params: unknown[]) => {
    const id = params[0]
    if (typeof id !== 'number') throw invalidParams('expected a subscription id')
    const subs = sockets.get(socket)
    const sub = subs?.get(id)
    if (!sub || sub.kind !== kind) throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid subscription id.')
    subs?.delete(id)
    return true
  }

  return {
    attach(socket: WebSocket) {
      sockets.set(socket, new Map())
      socket.on('close', () => sockets.delete(socket))
      const after: (() => void)[] = []
      const dispatch: JsonRpc.Dispatch = (request) => {
        const subs = sockets.get(socket)!
        const [first, options] = request.params
        switch (request.method) {
          case 'signatureSubscribe': {
            if (typeof first !== 'string') throw invalidParams('expected a signature string')
            const id = nextId++
            subs.set(id, { kind: 'signature', signature: first })
            // Already landed (we execute synchronously): notify right after the subscription id.
            const record = ledger.transactions.get(first)
            if (record) after.push(() => notifySignature(socket, id, record))
            return id
          }
          case 'accountSubscribe': {
            const cfg = (options ?? {}) as { encoding?: unknown }
            if (typeof first !== 'string' || !isPublicKey(first)) {
              throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid param: Invalid')
            }
            const id = nextId++
            subs.set(id, {
              kind: 'account',
              address: first,
              encoding: AccountEncoding.parseEncoding(cfg.encoding, 'binary'),
            })
            return id
          }
          case 'slotSubscribe': {
            const id = nextId++
            subs.set(id, { kind: 'slot' })
            return id
          }
          case 'signatureUnsubscribe':
            return unsubscribe(socket, 'signature', request.params)
          case 'accountUnsubscribe':
            return unsubscribe(socket, 'account', request.params)
          case 'slotUnsubscribe':
            return unsubscribe(socket, 'slot', request.params)
          default:
            throw JsonRpc.methodNotFound()
        }
      }
      socket.on('message', (data) => {
        const answer = JsonRpc.handle(data.toString(), dispatch)
        if (answer && socket.readyState === socket.OPEN) socket.send(JSON.stringify(answer))
        for (const task of after.splice(0)) task()
      })
      socket.on('error', () => socket.terminate())
    },
    close() {
      ledger.events.off('transaction', onTransaction)
      ledger.events.off('slot', onSlot)
      for (const socket of sockets.keys()) socket.terminate()
      sockets.clear()
    },
  }
}

function isPublicKey(value: string): boolean {
  try {
    return new PublicKey(value).toBase58() === value
  } catch {
    return false
  }
}

function listen(server: Server, port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(null)
      else reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, '127.0.0.1')
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}

export async function start(ledger: Ledger): Promise<RpcServer> {
  const handler = onHttpRequest(ledger)
  const wss = new WebSocketServer({ noServer: true })
  const subs = subscriptions(ledger)
  wss.on('connection', (socket) => subs.attach(socket))
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
  }
  const make = () => createServer(handler).on('upgrade', upgrade)

  // Two neighbouring free ports: take any for HTTP, try the next one; start over if it is taken.
  for (let attempt = 0; attempt < 20; attempt++) {
    const http = make()
    const port = await listen(http, 0)
    if (port === null) continue
    const ws = make()
    const wsPort = port < 65535 ? await listen(ws, port + 1) : null
    if (wsPort === null) {
      await close(http)
      continue
    }
    return {
      httpUrl: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${wsPort}`,
      async stop() {
        subs.close()
        wss.close()
        await Promise.all([close(http), close(ws)])
      },
    }
  }
  throw new PortUnavailableError('no two adjacent ports for the Solana RPC after 20 tries')
}
