// One authenticated client socket: parses its frames, runs the relay methods against the
// mailbox, pushes `irn_subscription` messages and matches the client's acks. A bad frame is
// answered with a JSON-RPC error on this socket only; nothing here throws to the server.
import type { RawData, WebSocket } from 'ws'
import {
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  MethodNotFoundError,
  ParseError,
  RpcError,
} from './errors.js'
import type { Mailbox, Message, PublishInput, Subscriber } from './Mailbox.js'
import * as Rpc from './rpc.js'

export type Options = {
  socket: WebSocket
  /** did:key from the client's auth JWT. */
  clientId: string
  mailbox: Mailbox
  /** Ids for relay -> client requests; unique per relay so acks cannot be confused. */
  nextId: () => number
  /** Counts for `stats()`. */
  counters: { published: number; delivered: number; errors: number }
}

export class Connection implements Subscriber {
  readonly clientId: string
  /** Cleared on each ping, set by the pong: a socket that misses one is dead. */
  alive = true
  readonly #socket: WebSocket
  readonly #mailbox: Mailbox
  readonly #nextId: () => number
  readonly #counters: Options['counters']
  readonly #awaitingAck = new Map<number, { topic: string; hash: string }>()

  constructor(options: Options) {
    this.clientId = options.clientId
    this.#socket = options.socket
    this.#mailbox = options.mailbox
    this.#nextId = options.nextId
    this.#counters = options.counters
  }

  /** Handles one frame from the client. */
  receive(data: RawData, isBinary: boolean): void {
    this.alive = true
    let frame: unknown
    try {
      if (isBinary) throw new ParseError('Parse error: binary frames are not JSON-RPC')
      try {
        frame = JSON.parse(rawToString(data))
      } catch {
        throw new ParseError()
      }
    } catch (error) {
      this.#fail(null, error)
      return
    }
    if (typeof frame === 'object' && frame !== null && !Array.isArray(frame) && !('method' in frame)) {
      const response = Rpc.Response.safeParse(frame)
      if (response.success) {
        this.#acknowledged(response.data)
        return
      }
    }
    const request = Rpc.Request.safeParse(frame)
    if (!request.success) {
      this.#fail(idOf(frame), new InvalidRequestError(`Invalid request: ${request.error.issues[0]?.message}`))
      return
    }
    try {
      this.#call(request.data)
    } catch (error) {
      this.#fail(request.data.id, error)
    }
  }

  deliver(subscriptionId: string, message: Message): void {
    const id = this.#nextId()
    this.#awaitingAck.set(id, { topic: message.topic, hash: message.hash })
    this.#counters.delivered++
    this.#send({
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId,
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          attestation: message.attestation,
        },
      },
    })
  }

  /** WebSocket ping; the pong sets `alive` again. */
  ping(): void {
    this.#socket.ping()
  }

  terminate(): void {
    this.#socket.terminate()
  }

  /** The socket closed: its subscriptions end, the mail it did not ack stays for next time. */
  closed(): void {
    this.#mailbox.remove(this)
    this.#awaitingAck.clear()
  }

  #call(request: Rpc.Request): void {
    const { id, method } = request
    if (!Rpc.isMethod(method)) throw new MethodNotFoundError(method)
    const parsed = Rpc.methods[method].safeParse(request.params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new InvalidParamsError(`${issue?.path.join('.') || 'params'}: ${issue?.message}`)
    }
    const deliveries: Array<[string, Message[]]> = []
    const subscribe = (topic: string) => {
      const subscription = this.#mailbox.subscribe(this, topic)
      deliveries.push([subscription.id, subscription.pending])
      return subscription.id
    }
    const publish = (...inputs: PublishInput[]) => {
      // All or none: a wc_approveSession over quota must not leave half its messages behind.
      this.#mailbox.publishAll(this.clientId, inputs)
      this.#counters.published += inputs.length
    }
    let result: unknown
    switch (method) {
      case 'irn_subscribe': {
        const params = parsed.data as Rpc.Params<'irn_subscribe'>
        result = subscribe(params.topic)
        break
      }
      case 'irn_batchSubscribe': {
        const params = parsed.data as Rpc.Params<'irn_batchSubscribe'>
        result = params.topics.map(subscribe)
        break
      }
      case 'irn_unsubscribe': {
        const params = parsed.data as Rpc.Params<'irn_unsubscribe'>
        this.#mailbox.unsubscribe(this, params.topic)
        result = true
        break
      }
      case 'irn_publish': {
        const params = parsed.data as Rpc.Params<'irn_publish'>
        publish({
          topic: params.topic,
          message: params.message,
          ttl: params.ttl,
          tag: params.tag ?? 0,
          attestation: attestationOf(params),
        })
        result = true
        break
      }
      case 'irn_batchFetchMessages': {
        const params = parsed.data as Rpc.Params<'irn_batchFetchMessages'>
        const messages = this.#mailbox.fetch(this.clientId, params.topics).map((message) => ({
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          attestation: message.attestation,
        }))
        result = { messages, hasMore: false }
        break
      }
      case 'wc_proposeSession': {
        // The dapp never subscribes to the pairing topic itself: the relay does it here, so
        // the wallet's answer reaches it (sign-client 2.25 `sendProposeSession`). Publishing
        // first means a refused proposal leaves no subscription behind.
        const params = parsed.data as Rpc.Params<'wc_proposeSession'>
        publish({
          topic: params.pairingTopic,
          message: params.sessionProposal,
          ttl: params.ttl,
          tag: Rpc.tags.sessionPropose,
          attestation: attestationOf(params),
        })
        subscribe(params.pairingTopic)
        result = true
        break
      }
      case 'wc_approveSession': {
        // Likewise the wallet is subscribed to the session topic by the relay; the proposal
        // response goes to the dapp on the pairing topic, the settlement on the session topic
        // where it waits until the dapp subscribes.
        const params = parsed.data as Rpc.Params<'wc_approveSession'>
        publish(
          {
            topic: params.pairingTopic,
            message: params.sessionProposalResponse,
            ttl: params.ttl,
            tag: Rpc.tags.sessionProposeResponse,
            attestation: attestationOf(params),
          },
          {
            topic: params.sessionTopic,
            message: params.sessionSettlementRequest,
            ttl: params.ttl,
            tag: Rpc.tags.sessionSettle,
            attestation: attestationOf(params),
          },
        )
        subscribe(params.sessionTopic)
        result = true
        break
      }
    }
    this.#send({ id, jsonrpc: '2.0', result })
    for (const [subscriptionId, messages] of deliveries) {
      for (const message of messages) this.deliver(subscriptionId, message)
    }
  }

  #acknowledged(response: Rpc.Response): void {
    if (typeof response.id !== 'number') return
    const awaited = this.#awaitingAck.get(response.id)
    if (!awaited) return
    this.#awaitingAck.delete(response.id)
    // An error answer leaves the message unacknowledged: it is offered again on resubscribe.
    if ('result' in response) this.#mailbox.acknowledge(this.clientId, awaited.topic, awaited.hash)
  }

  #fail(id: Rpc.Request['id'] | null, error: unknown): void {
    this.#counters.errors++
    const rpcError = error instanceof RpcError ? error : new InternalError()
    this.#send({ id, jsonrpc: '2.0', error: rpcError.toJSON() })
  }

  #send(payload: object): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return
    this.#socket.send(JSON.stringify(payload))
  }
}

/**
 * This relay runs no Verify service, so it cannot vouch for a dapp's origin. An empty
 * attestation is the protocol's "none available": core 2.25 `Verify.resolve` then skips
 * verification, whereas a missing one makes the wallet fetch an attestation by hash from
 * verify.walletconnect.org and wait up to 5 s for it when offline.
 */
function attestationOf(params: { attestation?: string | undefined }): string {
  return params.attestation ?? ''
}

function idOf(frame: unknown): Rpc.Request['id'] | null {
  if (typeof frame !== 'object' || frame === null || !('id' in frame)) return null
  const id = (frame as { id: unknown }).id
  return typeof id === 'number' || (typeof id === 'string' && id.length > 0) ? id : null
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
