// A local WalletConnect relay: the WebSocket JSON-RPC server real sign-client / WalletKit
// clients talk to when `relayUrl` points here, so connect and requests work offline.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import * as Auth from './auth.js'
import { Connection } from './Connection.js'
import { Mailbox } from './Mailbox.js'

export declare namespace start {
  type Options = {
    /** Port to listen on; 0 (the default) picks a free one. */
    port?: number
    /** Interface to bind; only loopback is meant to be used. */
    host?: '127.0.0.1'
    /**
     * How often to ping clients. Clients drop a socket that is silent for 35 s and the relay
     * drops a client that missed a pong, so this must stay well under 35 s.
     */
    pingIntervalMs?: number
  }
  type Stats = {
    clients: number
    topics: number
    messages: number
    subscriptions: number
    /** Messages accepted from clients (including the wc_* ones). */
    published: number
    /** `irn_subscription` pushes sent. */
    delivered: number
    /** Frames answered with a JSON-RPC error. */
    errors: number
    /** Upgrades refused for a bad auth token. */
    rejected: number
  }
  type ReturnType = {
    /** `ws://127.0.0.1:PORT`: what clients take as `relayUrl`. */
    url: string
    port: number
    stats(): Stats
    stop(): Promise<void>
  }
}

const sweepIntervalMs = 30_000

export async function start(options: start.Options = {}): Promise<start.ReturnType> {
  const host = options.host ?? '127.0.0.1'
  const mailbox = new Mailbox()
  const counters = { published: 0, delivered: 0, errors: 0, rejected: 0 }
  const connections = new Set<Connection>()
  // Relay -> client request ids in the SDK's own style (ms * 1000 + counter) so they never
  // collide with anything a client might echo back.
  let lastId = Date.now() * 1000
  const nextId = () => ++lastId

  // 1 MiB per frame is far above any sign message and keeps one client from hogging memory.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const server = createServer(serveHttp)
  let port = 0

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that vanishes mid-handshake must not take the server down.
    socket.on('error', () => socket.destroy())
    const token = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
    const hosts = [`${host}:${port}`, `localhost:${port}`, request.headers.host].filter(
      (value): value is string => typeof value === 'string',
    )
    Auth.verify(token, { hosts }).then(
      ({ clientId }) => {
        wss.handleUpgrade(request, socket, head, (ws) => {
          const connection = new Connection({ socket: ws, clientId, mailbox, nextId, counters })
          connections.add(connection)
          ws.on('message', (data, isBinary) => connection.receive(data, isBinary))
          ws.on('pong', () => {
            connection.alive = true
          })
          // Errors (a frame over maxPayload, a reset) end this socket only; 'close' follows.
          ws.on('error', () => ws.terminate())
          ws.on('close', () => {
            connections.delete(connection)
            connection.closed()
          })
        })
      },
      (error: Error) => {
        counters.rejected++
        const body = `${error.message}\n`
        socket.end(
          `HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        )
      },
    )
  })

  const pinger = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.terminate()
        continue
      }
      connection.alive = false
      connection.ping()
    }
  }, options.pingIntervalMs ?? 15_000)
  pinger.unref()
  const sweeper = setInterval(() => mailbox.sweep(), sweepIntervalMs)
  sweeper.unref()

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  const url = `ws://${host}:${port}`

  return {
    url,
    port,
    stats: () => ({ clients: connections.size, ...mailbox.stats(), ...counters }),
    async stop() {
      clearInterval(pinger)
      clearInterval(sweeper)
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

/** The devstack CLI's name for it. */
export const startRelay = start

// Plain HTTP on the relay port: a health check for the devstack CLI, and a hint for anyone
// who opens the URL in a browser.
function serveHttp(request: IncomingMessage, response: ServerResponse): void {
  if (request.url === '/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    return
  }
  response
    .writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' })
    .end('WalletConnect relay: connect with a WebSocket client.\n')
}
