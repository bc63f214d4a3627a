// A local WalletConnect relay: the WebSocket JSON-RPC server real sign-client / WalletKit
// clients talk to when `relayUrl` points here, so connect and requests work offline.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import * as Auth from './auth.js'
import { Connection } from './Connection.js'
import { RelayAuthError } from './errors.js'
import { type Limits, Mailbox } from './Mailbox.js'

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
    /**
     * The URL(s) clients are given as `relayUrl`, when not `ws://127.0.0.1:PORT` (e.g. a name
     * mapped to loopback). A client's auth JWT must name one of them exactly as its `aud`,
     * as the hosted relay requires; the `Host` a client sends plays no part. The first is `url`.
     */
    publicUrl?: string | readonly string[]
    /** Mailbox caps per client and the longest TTL; see `Mailbox.defaultLimits`. */
    limits?: Partial<Limits>
    /** Milliseconds since the epoch, for message expiry and token checks; inject in tests. */
    now?: () => number
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
    /** Sockets closed with 3000 for a bad auth token. */
    rejected: number
  }
  type ReturnType = {
    /** `ws://127.0.0.1:PORT` (or the first `publicUrl`): what clients take as `relayUrl`. */
    url: string
    port: number
    stats(): Stats
    stop(): Promise<void>
  }
}

const sweepIntervalMs = 30_000

export async function start(options: start.Options = {}): Promise<start.ReturnType> {
  const host = options.host ?? '127.0.0.1'
  const now = options.now ?? Date.now
  const mailbox = new Mailbox({ now, ...(options.limits ? { limits: options.limits } : {}) })
  const counters = { published: 0, delivered: 0, errors: 0, rejected: 0 }
  const connections = new Set<Connection>()
  // Relay -> client request ids in the SDK's own style (ms * 1000 + counter) so they never
  // collide with anything a client might echo back.
  let lastId = Date.now() * 1000
  const nextId = () => ++lastId

  // 1 MiB per frame is far above any sign message and keeps one client from hogging memory.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const server = createServer(serveHttp)
  /** Known once the server listens, which is before any upgrade can arrive. */
  let audiences: readonly string[] = []

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that vanishes mid-handshake must not take the server down.
    socket.on('error', () => socket.destroy())
    const token = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
    Auth.verify(token, { audiences, now: Math.floor(now() / 1000) }).then(
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
      (error: unknown) => {
        // As the hosted relay does: accept, then close with 3000 and the reason. Core 2.25
        // takes a 3000 close as fatal and stops reconnecting; a refused upgrade (HTTP 401)
        // would only make it retry with the same token.
        counters.rejected++
        const refusal = error instanceof RelayAuthError ? error : new RelayAuthError('Internal error')
        wss.handleUpgrade(request, socket, head, (ws) => {
          ws.on('error', () => ws.terminate())
          ws.close(refusal.code, closeReason(refusal.message))
        })
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
  const { port } = server.address() as AddressInfo
  audiences = typeof options.publicUrl === 'string' ? [options.publicUrl] : [...(options.publicUrl ?? [])]
  if (audiences.length === 0) audiences = [`ws://${host}:${port}`]
  const url = audiences[0] as string

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

/** A close reason may carry 123 bytes (RFC 6455 §5.5); longer ones are cut, not refused. */
function closeReason(message: string): string {
  const bytes = Buffer.from(message, 'utf8')
  return bytes.length <= 123
    ? message
    : bytes
        .subarray(0, 123)
        .toString('utf8')
        .replace(/\uFFFD$/, '')
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
