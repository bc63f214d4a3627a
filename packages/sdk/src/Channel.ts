// The host end of the host <-> frame channel (ARCHITECTURE.md "The host <-> frame channel"): wait for
// the frame's `frame:ready`, hand it a private MessagePort in `host:init`, then carry requests,
// answers and events over that port. Calls made before the frame has initialised are queued.
import type { FrameEvent, FrameRequest, HostConfigInput, HostRequest } from '@walletframe/protocol'
import {
  FrameUnavailableError,
  InvalidAppConfigurationError,
  InvalidParamsError,
  ProviderRpcError,
  TimeoutError,
  UnsupportedMethodError,
} from '@walletframe/protocol/errors'
import { channelName, isFrameReady, isFrameToHost, protocolVersion } from '@walletframe/protocol/guards'
import { handled, toErrorObject } from './internal/promise.js'

/** A host request without the envelope the channel adds (`kind`, `id`). */
export type Body = HostRequest extends infer R
  ? R extends HostRequest
    ? Omit<R, 'kind' | 'id'>
    : never
  : never

export type Options = {
  /** The host page's window, where `frame:ready` arrives. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** The frame's window, read when a message arrives (an iframe has none until attached). */
  frame(): Pick<Window, 'postMessage'> | null
  /** The frame's origin: the only origin heard, and the only target of `host:init`. */
  origin: string
  /** What `host:init` carries. */
  init: { config: HostConfigInput; sdkVersion: string }
  /** Timeout of the frame's start-up and the default timeout of a request, in ms. */
  timeoutMs: number
  /** Every valid event from the frame, in order. */
  onEvent(event: FrameEvent): void
  /** Answers a request from the frame; a rejection is sent back as the error. */
  onRequest(request: FrameRequest): Promise<unknown>
  /** Called when the channel stops serving calls: refused, not loaded in time, or destroyed. */
  onError(error: ProviderRpcError): void
  /** Where dropped messages are reported. */
  log?: Pick<Console, 'warn'>
}

export type Channel = {
  /** Sends a request once the frame is initialised; resolves with its result. */
  request(body: Body, timeoutMs?: number): Promise<unknown>
  /** Resolves when the frame has initialised; rejects if it refuses the host or does not load. */
  ready: Promise<void>
  /** Closes the port and rejects every pending call. */
  destroy(): void
}

type Call = {
  body: Body
  timeoutMs: number
  resolve(value: unknown): void
  reject(error: ProviderRpcError): void
  timer?: ReturnType<typeof setTimeout>
}

const frameRequestMethods: readonly unknown[] = ['injected:list', 'injected:request']
/** One warning for every message the channel drops or cannot send; the logged value says which. */
const warning = '[walletframe] channel message dropped:'
const notCloneable = 'Arguments must be structured-cloneable (no functions, DOM nodes or class instances)'

export function connect(options: Options): Channel {
  const { window, origin, timeoutMs, log = console } = options
  let port: MessagePort | undefined
  let initialized = false
  /** Set while calls cannot be served: they fail at once with it. */
  let failure: ProviderRpcError | undefined
  let nextId = 0
  let queue: Call[] = []
  const inFlight = new Map<number, Call>()
  let readyTimer: ReturnType<typeof setTimeout> | undefined
  let settleReady!: (error?: ProviderRpcError) => void
  const ready = handled(
    new Promise<void>((resolve, reject) => {
      settleReady = (error) => (error ? reject(error) : resolve())
    }),
  )

  function fail(error: ProviderRpcError) {
    failure = error
    initialized = false
    clearTimeout(readyTimer)
    for (const call of queue) call.reject(error)
    queue = []
    settleReady(error)
    options.onError(error)
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
      log.warn(warning, error)
      return false
    }
  }

  function send(call: Call) {
    const id = nextId++
    inFlight.set(id, call)
    call.timer = setTimeout(() => {
      inFlight.delete(id)
      call.reject(new TimeoutError(call.body.method, call.timeoutMs))
    }, call.timeoutMs)
    if (!post({ kind: 'request', id, ...call.body })) {
      inFlight.delete(id)
      clearTimeout(call.timer)
      call.reject(new InvalidParamsError(notCloneable))
    }
  }

  function answer(id: number, outcome: () => Promise<unknown>) {
    outcome().then(
      (result) => post({ kind: 'response', id, result: result ?? null }),
      (error) => post({ kind: 'response', id, error: toErrorObject(error) }),
    )
  }

  function onPortMessage(data: unknown) {
    if (!isFrameToHost(data)) {
      log.warn(warning, data)
      const { kind, id, method } = (data ?? {}) as Record<string, unknown>
      if (kind === 'request' && Number.isSafeInteger(id) && (id as number) >= 0)
        answer(id as number, () =>
          Promise.reject(
            frameRequestMethods.includes(method)
              ? new InvalidParamsError(`Invalid ${method} request`)
              : new UnsupportedMethodError(String(method)),
          ),
        )
      return
    }
    if (data.kind === 'response') {
      const call = inFlight.get(data.id)
      if (!call) return log.warn(warning, data)
      inFlight.delete(data.id)
      clearTimeout(call.timer)
      if (data.error !== undefined) call.reject(ProviderRpcError.from(data.error))
      else call.resolve(data.result)
      return
    }
    if (data.kind === 'request') return answer(data.id, () => options.onRequest(data))
    if (data.event === 'initialized') {
      initialized = true
      failure = undefined
      clearTimeout(readyTimer)
      settleReady()
    }
    // The host sees the new state before any queued call's answer can refer to it.
    options.onEvent(data)
    if (data.event === 'initialized') {
      const flushed = queue
      queue = []
      for (const call of flushed) send(call)
    }
    if (data.event === 'initError') {
      // The frame sends InvalidAppConfigurationError's wire form: the reason is in `data`.
      const { message, data: detail } = data.data
      fail(new InvalidAppConfigurationError(typeof detail === 'string' ? detail : message))
    }
  }

  function onWindowMessage(event: MessageEvent) {
    const frame = options.frame()
    // Anyone can post to the host window; only our own iframe, at the frame origin, is heard.
    if (!frame || event.source !== frame || event.origin !== origin) return
    if (!isFrameReady(event.data)) {
      if ((event.data as { channel?: unknown } | null)?.channel === channelName) log.warn(warning, event.data)
      return
    }
    if (event.data.version !== protocolVersion)
      return fail(
        new FrameUnavailableError(`it speaks protocol v${event.data.version}, not v${protocolVersion}`),
      )
    handshake(frame)
  }

  /** Starts (or, after the frame reloaded, restarts) the session on a fresh port. */
  function handshake(frame: Pick<Window, 'postMessage'>) {
    if (port) {
      port.close()
      // Requests sent on the old port die with the page that received them.
      for (const call of inFlight.values()) {
        clearTimeout(call.timer)
        call.reject(new FrameUnavailableError('it reloaded'))
      }
      inFlight.clear()
    }
    const channel = new MessageChannel()
    port = channel.port1
    port.onmessage = (event) => onPortMessage(event.data)
    port.onmessageerror = (event) => log.warn(warning, event)
    failure = undefined
    initialized = false
    waitForInit()
    const init = { channel: channelName, type: 'host:init', version: protocolVersion, ...options.init }
    try {
      frame.postMessage(init, origin, [channel.port2])
    } catch {
      fail(new InvalidParamsError(notCloneable))
    }
  }

  window.addEventListener('message', onWindowMessage)
  waitForInit()

  return {
    ready,
    request(body, ms = timeoutMs) {
      return handled(
        new Promise((resolve, reject) => {
          if (failure) return reject(failure)
          const call: Call = { body, timeoutMs: ms, resolve, reject }
          if (initialized) send(call)
          else queue.push(call)
        }),
      )
    },
    destroy() {
      window.removeEventListener('message', onWindowMessage)
      port?.close()
      port = undefined
      const error = new FrameUnavailableError('the instance was destroyed')
      for (const call of inFlight.values()) {
        clearTimeout(call.timer)
        call.reject(error)
      }
      inFlight.clear()
      fail(error)
    },
  }
}
