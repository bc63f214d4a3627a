// For the SDK's tests: a real instance in jsdom whose frame side the test plays over the real
// MessagePort. Only test files import it; the published build leaves it out (tsconfig.build.json).
import { vi } from 'vitest'
import { loadChecks } from '../Channel.js'
import { createWalletframe, type Options, type Walletframe } from '../createWalletframe.js'

// A page loads the channel's checks once, as its first instance starts; loaded here first, each
// instance hears its frame's frame:ready at once, as a later instance on a page does.
await loadChecks()

// jsdom has no blob URLs (the SDK takes its EIP-6963 UUID from one): end each with a UUID as browsers do.
URL.createObjectURL ??= () => `blob:${location.origin}/${crypto.randomUUID()}`
URL.revokeObjectURL ??= () => {}

export const frameUrl = 'https://frame.test'
/** The EVM account the frame reports as connected. */
export const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Account state with `address` connected on Base. */
export const connected = {
  status: 'connected',
  isConnected: true,
  address,
  caipAddress: `eip155:8453:${address}`,
  allAccounts: [{ namespace: 'eip155', address, type: 'eoa' }],
}
export const disconnected = { status: 'disconnected', isConnected: false, allAccounts: [] }
/** Network state of Base. */
export const base = { caipNetworkId: 'eip155:8453', chainId: '0x2105', name: 'Base', supported: true }

/** What the SDK posts to the frame: requests, and responses to the frame's own requests. */
export type Message = {
  kind: string
  id: number
  method: string
  params?: { method?: string; params?: unknown }
  [key: string]: unknown
}

const started: (() => void)[] = []

/** Creates an instance and plays the frame's side of the handshake (`host:init`, with its port). */
export function startInstance(options: Pick<Options, 'networks'>) {
  const instance: Walletframe = createWalletframe({
    projectId: 'local-dev',
    frameUrl,
    metadata: { name: 'Demo', url: 'https://demo.test' },
    requestTimeoutMs: 2_000,
    ...options,
  })
  const iframe = document.querySelector('iframe') as HTMLIFrameElement
  const frameWindow = iframe.contentWindow as Window
  const postMessage = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => {})
  const ports: MessagePort[] = []
  started.push(() => {
    instance.destroy()
    for (const port of ports) port.close()
  })
  /** Announces frame:ready, as a frame that (re)loads does; returns the host:init and its port. */
  const handshake = () => {
    const calls = postMessage.mock.calls.length
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: 'walletframe', type: 'frame:ready', version: 1 },
        origin: frameUrl,
        source: frameWindow,
      }),
    )
    // The handshake posts (message, targetOrigin, [port]): the overload the mock's type does not pick.
    const [init, , transfer] = postMessage.mock.calls[calls] as unknown as [unknown, string, MessagePort[]]
    ports.push(...transfer)
    return { init, port: transfer[0] as MessagePort }
  }
  const { init, port } = handshake()

  const requests: Message[] = []
  const waiting: ((message: Message) => void)[] = []
  port.onmessage = ({ data }) => {
    const waiter = waiting.shift()
    if (waiter) waiter(data)
    else requests.push(data)
  }
  const frame = {
    /** What the SDK posted that no `next()` has taken yet. */
    requests,
    post: (message: unknown) => port.postMessage(message),
    /** The next message the SDK posts. */
    next: () =>
      requests.length
        ? Promise.resolve(requests.shift() as Message)
        : new Promise<Message>((resolve) => waiting.push(resolve)),
    event: (event: string, data: unknown) => port.postMessage({ kind: 'event', event, data }),
    /** Answers the next request with a result. */
    async answer(result: unknown = null) {
      const request = await frame.next()
      frame.post({ kind: 'response', id: request.id, result })
      return request
    },
  }
  /** The frame reloads: returns the host:init the instance sends it again. */
  const reload = () => handshake().init
  return { instance, iframe, frame, init, reload }
}

/** Destroys what `startInstance` started, last first, and closes the frame's ports: for `afterEach`. */
export function destroyInstances() {
  for (const destroy of started.splice(0).reverse()) destroy()
}
