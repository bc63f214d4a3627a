// A dapp-side sign-client in Node, set up the way the test wallet is (in-memory storage, own
// storage prefix, no telemetry), for the relay and wallet tests and the bench.
import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { MemoryStorage } from '../MemoryStorage.js'

export type Dapp = Awaited<ReturnType<typeof SignClient.init>> & { close(): Promise<void> }

export async function create(options: { relayUrl: string; logLevel?: string }): Promise<Dapp> {
  const storagePrefix = `walletframe-test-dapp-${randomUUID()}`
  const client = await SignClient.init({
    projectId: 'walletframe-devstack',
    relayUrl: options.relayUrl,
    storage: new MemoryStorage(),
    customStoragePrefix: storagePrefix,
    telemetryEnabled: false,
    logger: options.logLevel ?? 'error',
    metadata: {
      name: 'Devstack test dapp',
      description: 'Dapp side of the relay tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  return Object.assign(client, {
    async close() {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose()
      const global = globalThis as Record<string, unknown>
      delete global[`_walletConnectCore_${storagePrefix}`]
      delete global[`_walletConnectCore_${storagePrefix}_count`]
    },
  })
}
