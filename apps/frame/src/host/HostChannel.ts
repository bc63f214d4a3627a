// The frame's end of the host channel (docs/host-frame-channel.md): announce
// readiness to the parent window, accept one `host:init` from it, then speak only over the
// MessagePort it transferred. Everything received is parsed with the protocol's zod schemas.
import {
  channelName,
  DisconnectedError,
  type ErrorObject,
  type FrameEvent,
  type FrameRequest,
  type HostEvent,
  HostInit,
  type HostRequest,
  HostToFrame,
  InternalRpcError,
  InvalidParamsError,
  ProviderRpcError,
  protocolVersion,
  TimeoutError,
} from '@walletframe/protocol'

export type Handlers = {
  /** Decides on the host; throws a ProviderRpcError to refuse it. Returns the restored state. */
  init(init: HostInit, origin: string): Promise<Extract<FrameEvent, { event: 'initialized' }>['data']>
  /**
   * The host has been told `initialized`: what follows (a modal opened, a session reported) reaches a
   * host that knows the frame's restored state. Events before it are not sent.
   */
  initialized?(origin: string): void
  request(request: HostRequest): Promise<unknown>
  /** Events from the host page: its browser wallets' accountsChanged / chainChanged / disconnect. */
  event?(event: HostEvent): void
}

export type Options = {
  /** The frame's own window (narrowed so tests can pass a fake). */
  window: Pick<Window, 'parent' | 'addEventListener' | 'removeEventListener'>
  handlers: Handlers
  /**
   * The host:init messages the early script heard before the channel listened (host/earlyReady.ts),
   * handled first, in order; given, the early script has said frame:ready and the channel does not
   * say it again (the SDK would start a second handshake).
   */
  early?: readonly MessageEvent[] | undefined
  /** How long a request to the host (injected bridge) may take: as long as the SDK lets a user take. */
  requestTimeoutMs?: number
  log?: Pick<Console, 'warn'>
}

type EventOf<Name extends FrameEvent['event']> = Extract<FrameEvent, { event: Name }>
type FrameRequestOf<M extends FrameRequest['method']> = Extract<FrameRequest, { method: M }>

export type HostChannel = ReturnType<typeof listen>

const notAccepted: ErrorObject = new DisconnectedError('The frame has not accepted this host').toJSON()

export function listen(options: Options) {
  const { window: self, handlers, requestTimeoutMs = 600_000, log = console } = options
  let port: MessagePort | undefined
  let hostOrigin: string | undefined
  let refused: ErrorObject | undefined
  /** The host on the current port passed init; until then it is served nothing, and told nothing. */
  let accepted = false
  let nextId = 0
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>()

  function post(message: unknown) {
    port?.postMessage(message)
  }

  function emit<Name extends FrameEvent['event']>(event: Name, data: EventOf<Name>['data']) {
    if (accepted) post({ kind: 'event', event, data })
  }

  function rejectPending(reason: string) {
    for (const waiter of pending.values()) waiter.reject(new InternalRpcError(reason))
    pending.clear()
  }

  function respond(id: number, outcome: { result: unknown } | { error: ErrorObject }) {
    post({ kind: 'response', id, ...outcome })
  }

  function toErrorObject(error: unknown): ErrorObject {
    if (error instanceof ProviderRpcError) return error.toJSON()
    return new InternalRpcError(error instanceof Error ? error.message : 'Internal error').toJSON()
  }

  async function onPortMessage(event: MessageEvent, from: MessagePort) {
    const parsed = HostToFrame.safeParse(event.data)
    if (!parsed.success) {
      log.warn('[walletframe] dropped an invalid message from the host', parsed.error.issues[0])
      const id = (event.data as { id?: unknown } | null)?.id
      const isRequest = (event.data as { kind?: unknown } | null)?.kind === 'request'
      if (isRequest && typeof id === 'number' && Number.isSafeInteger(id) && id >= 0)
        respond(id, {
          error: new InvalidParamsError('Invalid request', parsed.error.issues[0]?.message).toJSON(),
        })
      return
    }
    const message = parsed.data
    if (message.kind === 'response') {
      const waiter = pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id)
      if ('error' in message && message.error) waiter.reject(ProviderRpcError.from(message.error))
      else waiter.resolve('result' in message ? message.result : undefined)
      return
    }
    if (message.kind === 'event') {
      if (accepted) handlers.event?.(message)
      return
    }
    // A legitimate SDK queues its calls until `initialized`; anything earlier is refused unrun.
    if (!accepted) return respond(message.id, { error: refused ?? notAccepted })
    let outcome: { result: unknown } | { error: ErrorObject }
    try {
      outcome = { result: (await handlers.request(message)) ?? null }
    } catch (error) {
      outcome = { error: toErrorObject(error) }
    }
    // The host may have initialised again (or been refused) while the request ran.
    if (port === from && accepted) respond(message.id, outcome)
  }

  async function onWindowMessage(event: MessageEvent) {
    // Only the embedding window may initialise the frame. It may do so again from the same
    // origin (the SDK re-handshakes when it sees the frame announce itself anew); the new port
    // replaces the old one.
    if (event.source !== self.parent) return
    if (port && event.origin !== hostOrigin) return
    const parsed = HostInit.safeParse(event.data)
    if (!parsed.success) {
      if ((event.data as { channel?: unknown } | null)?.channel === channelName)
        log.warn('[walletframe] invalid host:init', parsed.error.issues[0])
      return
    }
    const transferred = event.ports[0]
    if (!transferred) return log.warn('[walletframe] host:init came without a MessagePort')
    rejectPending('The host initialised the frame again')
    port?.close()
    accepted = false
    refused = undefined
    port = transferred
    hostOrigin = event.origin
    port.onmessage = (message) => void onPortMessage(message, transferred)
    try {
      const state = await handlers.init(parsed.data, event.origin)
      if (port !== transferred) return
      accepted = true
      emit('initialized', state)
      handlers.initialized?.(event.origin)
    } catch (error) {
      if (port !== transferred) return
      refused = toErrorObject(error)
      post({ kind: 'event', event: 'initError', data: refused })
    }
  }

  const listener = (event: MessageEvent) => void onWindowMessage(event)
  self.addEventListener('message', listener as EventListener)
  // Handled as if heard now: after the code that opened the channel has run (a message heard now
  // would wait for that too), so the handlers find what that code sets up after this call.
  const early = options.early
  if (early) queueMicrotask(() => early.forEach(listener))
  else if (self.parent && self.parent !== (self as unknown))
    // The host origin is unknown until host:init; this message carries nothing secret.
    self.parent.postMessage({ channel: channelName, type: 'frame:ready', version: protocolVersion }, '*')

  return {
    emit,
    get hostOrigin() {
      return hostOrigin
    },
    get connected() {
      return accepted
    },
    /** Asks the host page to do something only it can (its injected wallets). */
    request<M extends FrameRequest['method']>(
      method: M,
      ...params: FrameRequestOf<M> extends { params: infer P } ? [P] : []
    ): Promise<unknown> {
      // Allowed during init too: restoring a browser-wallet connection asks the host page, after
      // the controller has checked the host's origin.
      if (!port || refused) return Promise.reject(new InternalRpcError('The host is not connected'))
      const id = nextId++
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new TimeoutError(method, requestTimeoutMs))
        }, requestTimeoutMs)
        pending.set(id, {
          resolve(value) {
            clearTimeout(timer)
            resolve(value)
          },
          reject(error) {
            clearTimeout(timer)
            reject(error)
          },
        })
        post(
          params.length
            ? { kind: 'request', id, method, params: params[0] }
            : { kind: 'request', id, method },
        )
      })
    },
    close() {
      self.removeEventListener('message', listener as EventListener)
      port?.close()
      rejectPending('The frame closed')
    },
  }
}
