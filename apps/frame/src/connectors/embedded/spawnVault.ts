// Starts the embedded wallet's Worker on the frame origin and talks to it through comlink. Loaded
// only when email or social login is used (the Connect view does not pay for it).
import * as Comlink from 'comlink'
import type { Vault } from '../../worker/Vault.js'

export type RemoteVault = Comlink.Remote<Vault>

export function spawnVault(): { vault: RemoteVault; terminate(): void } {
  const worker = new Worker(new URL('../../worker/vault.worker.ts', import.meta.url), {
    type: 'module',
    name: 'walletframe-vault',
  })
  return { vault: Comlink.wrap<Vault>(worker), terminate: () => worker.terminate() }
}
