// The host end of the host <-> frame channel (docs/host-frame-channel.md): wait for
// the frame's `frame:ready`, hand it a private MessagePort in `host:init`, then carry requests,
// answers and events over that port. Calls made before the frame has initialised are queued.
// The checks of what the frame sends (the protocol's guards, most of them the shape of the account
// state) load with import() as the channel opens, while the iframe loads: nothing from the frame is
// heard before them, and the host page's own bundle does not carry them.
import type {
  FrameEvent,
  FrameRequest,
  HostConfigInput,
  HostEvent,
  HostInit,
  HostRequest,
  Response,
} from '@walletframe/protocol'
import {
  FrameUnavailableError,
  InvalidAppConfigurationError,
  InvalidParamsError,
  ProviderRpcError,
  TimeoutError,
} from '@walletframe/protocol/errors'
import { handled } from './internal/promise.js'
import { channelName, protocolVersion } from './internal/wire.js'

/** A host request without the envelope the channel adds (`kind`, `id`). */
export type Body = HostRequest extends infer R
  ? R extends HostRequest
    ? Omit<R, 'kind' | 'id'>
    : never
  : never

/**
 * A request from the frame that carries a request id: a valid `FrameRequest`, or one that failed the
 * guard (the frame is owed an error answer all the same).
 */
export type Incoming =
  | [request: FrameRequest, valid: true]
  | [request: { id: number; method?: unknown; params?: unknown }, valid: false]

/** What the host sends the frame unasked: answers to its requests, and events. */
export type Outgoing = Response | HostEvent

export type Options = {
  /** The host page's window, where `frame:ready` arrives. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** The frame's window, read when a message arrives (an iframe has none until attached). */
  frame(): Pick<Window, 'postMessage'> | null
  /** The frame's origin: the only origin heard, and the only target of `host:init`. */
  origin: string
  /** What `host:init` carries, read at each handshake (a frame that reloads gets the latest). */
  init(): Pick<HostInit, 'sdkVersion' | 'persisted'> & { config: HostConfigInput }
  /** Timeout of the frame's start-up and the default timeout of a request, in ms. */
  timeoutMs: number
  /** Every valid event from the frame, in order. */
  onEvent(event: FrameEvent): void
  /** Every request from the frame, valid or not; the handler answers each with `post`. */
  onRequest(...request: Incoming): void
  /** Called when the channel stops serving calls: refused, not loaded in time, or destroyed. */
  onError(error: ProviderRpcError): void
  /** Where dropped messages are reported. */
  log?: Pick<Console, 'warn'>
}

export type Channel = {
  /** Sends a request once the frame is initialised; resolves with its result. */
  request(body: Body, timeoutMs?: number): Promise<unknown>
  /** Sends an answer or an event to the frame, if it is connected; false if it could not be sent. */
  post(message: Outgoing): boolean
  /** Resolves when the frame has initialised; rejects if it refuses the host or does not load. */
  ready: Promise<void>
  /** Closes the port and rejects every pending call. */
  destroy(): void
}

/** A call sent to the frame: settles it with an error, or with the frame's result. */
type Settle = (error: ProviderRpcError | undefined, result?: unknown) => void

/** What the channel checks the frame's messages with. */
export type Checks = Pick<typeof import('./checks.js'), 'isFrameReady' | 'isFrameToHost' | 'isRequestId'>

/** The checks once loaded: a page loads them once, and a later instance hears its frame at once. */
let checks: Checks | undefined
let loading: Promise<Checks> | undefined

/** Loads the checks; a load that failed (offline) is tried again by the next instance. */
export function loadChecks(): Promise<Checks> {
  loading ??= import('./checks.js').then(
    (module) => (checks = module),
    (error) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** One warning for every message the channel drops or cannot send; the logged value says which. */
const warning = '[walletframe] dropped:'
const notCloneable = 'Arguments must be structured-cloneable'
const cspBlocked = 'CSP frame-src blocks it'

export function connect(options: Options): Channel {
  const { window, origin, timeoutMs, log = console } = options
  let port: MessagePort | undefined
  let nextId = 0
  const inFlight = new Map<number, Settle>()
  let readyTimer: ReturnType<typeof setTimeout> | undefined
  /**
   * Every call waits on the gate before it is sent: pending until the frame initialises (so calls
   * made before queue up, in order), rejected while calls cannot be served.
   */
  let gate!: Promise<void>
  /** Opens (no error) or fails the gate while it is pending. */
  let settleGate: ((error?: ProviderRpcError) => void) | undefined
  /** Makes the gate pending, unless it already is. */
  const closeGate = () => {
    if (!settleGate)
      gate = handled(
        new Promise((resolve, reject) => {
          settleGate = (error) => {
            settleGate = undefined
            if (error) reject(error)
            else resolve()
          }
        }),
      )
  }
  closeGate()
  const ready = gate
  const warn = (value: unknown) => log.warn(warning, value)

  /**
   * Fails the calls in flight, waiting calls and those still to come with this error, until the
   * frame initialises.
   */
  function fail(error: ProviderRpcError) {
    clearTimeout(readyTimer)
    abandon(error)
    closeGate()
    settleGate?.(error)
    options.onError(error)
  }

  /** Rejects every call sent on the current port. */
  function abandon(error: ProviderRpcError) {
    for (const settle of inFlight.values()) settle(error)
  }

  function waitForInit() {
    clearTimeout(readyTimer)
    readyTimer = setTimeout(
      () => fail(new FrameUnavailableError(`it did not start within ${timeoutMs} ms`)),
      timeoutMs,
    )
  }

  function post(message: unknown): boolean {
    try {
      port?.postMessage(message)
      return true
    } catch (error) {
      warn(error)
      return false
    }
  }

  // The port exists once frame:ready was heard, so the checks are loaded.
  function onPortMessage({ data }: MessageEvent<unknown>) {
    const { isFrameToHost, isRequestId } = checks as Checks
    if (!isFrameToHost(data)) {
      warn(data)
      const { kind, id } = (data ?? {}) as Incoming[0] & { kind?: unknown }
      // The frame is owed an answer all the same. The handler (the lazily loaded bridge) sends the
      // error, so the invalid-request errors load with it instead of weighing on the core.
      if (kind === 'request' && isRequestId(id)) options.onRequest(data as Incoming[0], false)
      return
    }
    if (data.kind === 'request') return options.onRequest(data, true)
    if (data.kind === 'response') {
      const settle = inFlight.get(data.id)
      if (!settle) return warn(data)
      return settle(data.error && ProviderRpcError.from(data.error), (data as { result?: unknown }).result)
    }
    if (data.event === 'initialized') {
      clearTimeout(readyTimer)
      // A frame that starts after the start-up timeout failed the gate: open a fresh one.
      // Queued calls go out in reactions to the gate: after onEvent, so the host sees the new
      // state before any of their answers can refer to it.
      closeGate()
      settleGate?.()
    }
    options.onEvent(data)
    if (data.event === 'initError') {
      // The frame sends InvalidAppConfigurationError's wire form: the reason is in `data`.
      const { message, data: detail } = data.data
      fail(new InvalidAppConfigurationError(typeof detail === 'string' ? detail : message))
    }
  }

  /** Hears the frame's window messages once the checks are loaded, in the order they came. */
  function onWindowMessage(event: MessageEvent) {
    if (checks) onFrameWindowMessage(event, checks)
    else loaded.then((loaded) => live && onFrameWindowMessage(event, loaded))
  }

  function onFrameWindowMessage({ source, origin: from, data }: MessageEvent, { isFrameReady }: Checks) {
    const frame = options.frame()
    // Anyone can post to the host window; only our own iframe, at the frame origin, is heard.
    if (!frame || source !== frame || from !== origin) return
    if (!isFrameReady(data)) {
      if ((data as { channel?: unknown } | null)?.channel === channelName) warn(data)
      return
    }
    if (data.version !== protocolVersion)
      return fail(new FrameUnavailableError(`it speaks protocol v${data.version}, not v${protocolVersion}`))
    // A new session on a fresh port, also when the frame reloaded: requests sent on the old port
    // die with the page that received them, later ones wait for the new session.
    port?.close()
    abandon(new FrameUnavailableError('it reloaded'))
    closeGate()
    const channel = new MessageChannel()
    port = channel.port1
    port.onmessage = onPortMessage
    port.onmessageerror = warn
    waitForInit()
    try {
      frame.postMessage(
        { channel: channelName, type: 'host:init', version: protocolVersion, ...options.init() },
        origin,
        [channel.port2],
      )
    } catch {
      fail(new InvalidParamsError(notCloneable))
    }
  }

  // A host Content-Security-Policy whose frame-src leaves out the frame origin blocks the iframe: say
  // so at once, rather than after the start-up timeout.
  const onViolation = ({ blockedURI }: SecurityPolicyViolationEvent) =>
    blockedURI.startsWith(origin) && fail(new FrameUnavailableError(cspBlocked))
  /** False once destroyed: a frame:ready that waited on the checks, or their failure, is then dropped. */
  let live = true
  const loaded = loadChecks()
  loaded.catch(
    (error) => live && fail(new FrameUnavailableError(`the SDK could not load its checks (${error})`)),
  )
  window.addEventListener('message', onWindowMessage)
  window.addEventListener('securitypolicyviolation', onViolation)
  waitForInit()

  return {
    ready,
    request: (body, ms = timeoutMs) =>
      handled(
        gate.then(
          () =>
            new Promise((resolve, reject) => {
              const id = nextId++
              const timer = setTimeout(() => settle(new TimeoutError(body.method, ms)), ms)
              const settle: Settle = (error, result) => {
                inFlight.delete(id)
                clearTimeout(timer)
                if (error) reject(error)
                else resolve(result)
              }
              inFlight.set(id, settle)
              if (!post({ kind: 'request', id, ...body })) settle(new InvalidParamsError(notCloneable))
            }),
        ),
      ),
    post,
    destroy() {
      live = false
      window.removeEventListener('message', onWindowMessage)
      window.removeEventListener('securitypolicyviolation', onViolation)
      port?.close()
      fail(new FrameUnavailableError('the instance was destroyed'))
    },
  }
}
