// Fakes for the frame's unit tests (a connector, a core, Web Storage); not part of the app.
import type { ChainNetwork } from '@walletframe/protocol'
import { vi } from 'vitest'
import type { Connection, Connector, Event, Request } from './connectors/Connector.js'
import * as Connect from './core/actions/connect.js'
import * as Core from './core/Core.js'
import * as Client from './data/client.js'
import * as Storage from './storage/Storage.js'

/** An EVM account of the tests. */
export const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** A second EVM account, for a wallet that changes accounts. */
export const otherAddress = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** A Solana account of the tests. */
export const solanaAddress = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'

/** A wallet with one account, on Ethereum mainnet. */
export const evmConnection: Connection = { accounts: [`eip155:1:${address}`], network: 'eip155:1' }

/**
 * A connector whose wallet is on `connection`: every call is a `vi.fn` the test can inspect or make
 * fail, and `emit` plays an event of the wallet to the connector's subscribers.
 */
export function fakeConnector(
  connection: Connection = evmConnection,
  overrides: Partial<Pick<Connector, 'id' | 'type' | 'name' | 'icon'>> = {},
) {
  const listeners = new Set<(event: Event) => void>()
  const described: Pick<Connector, 'id' | 'type' | 'name' | 'icon'> = {
    id: 'fake',
    type: 'injected',
    name: 'Fake Wallet',
    icon: 'data:,',
    ...overrides,
  }
  const connector = {
    ...described,
    connect: vi.fn(async (): Promise<Connection> => connection),
    reconnect: vi.fn(async (): Promise<Connection | undefined> => connection),
    disconnect: vi.fn(async () => {}),
    request: vi.fn(async (_request: Request): Promise<unknown> => null),
    switchNetwork: vi.fn(async (_network: ChainNetwork) => {}),
    subscribe(listener: (event: Event) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  } satisfies Connector
  return {
    ...connector,
    /** The subscribers; empty once every one unsubscribed. */
    listeners,
    emit(event: Event) {
      for (const listener of listeners) listener(event)
    },
  }
}

/** A desktop core (a phone with `mobile`) in memory storage, whose host uses `networks`. */
export function coreWith(
  networks: readonly ChainNetwork[],
  active: ChainNetwork | undefined = networks[0],
  options: { mobile?: boolean } = {},
): Core.Core {
  const core = Core.create({ storage: Storage.memory(), isMobile: () => options.mobile ?? false })
  core.networks.set({ available: networks, active, unsupported: undefined })
  return core
}

/** Connects `core` through a fake connector on `connection`, as picking it in Connect does. */
export async function connectFake(core: Core.Core, connection?: Connection) {
  const connector = fakeConnector(connection)
  await Connect.connect(core, connector, { id: connector.id })
  return connector
}

/** A Web Storage over a Map; `failWrites` makes setItem throw as a full or revoked storage does. */
export function webStorage(options: { failWrites?: () => boolean } = {}): globalThis.Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem(key: string, value: string) {
      if (options.failWrites?.()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      map.set(key, value)
    },
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  }
}

/** A window whose localStorage throws a SecurityError, as when the browser blocks third-party storage. */
export const blockedWindow = {
  get localStorage(): globalThis.Storage {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  },
}

/**
 * The real API client over a fake fetch that gives `answers` in turn (the API is the boundary here);
 * `fetch` records the calls.
 */
export function apiAnswering(answers: (() => Response)[]) {
  const fetch = vi.fn(async (_url: URL | RequestInfo, _init?: RequestInit) => {
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    return next()
  })
  const client = Client.create({
    apiUrl: 'https://api.example',
    projectId: () => 'p1',
    sdk: () => ({ type: 'walletframe', version: '0.1.0' }),
    fetch,
  })
  return { client, fetch }
}
