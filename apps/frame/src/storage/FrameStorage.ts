// Picks the frame's storages for the regime the browser gives it (see Storage.ts).
import * as HostMirror from './HostMirror.js'
import { fromWebStorage, memory, probe, type Regime, type Storage } from './Storage.js'

export type FrameStorage = {
  /** Where `state` lives. */
  readonly regime: Regime
  /** Non-secret state that should survive a reload: connector choice, WalletConnect session, recent wallets, caches. */
  readonly state: Storage
  /** Frame-origin storage only, for secrets: never mirrored to the host; memory when blocked. */
  readonly secure: Storage
  /** Set when `state` is kept by the host page (regime `host`). */
  readonly mirror: HostMirror.HostMirror | undefined
}

export function open(window: { readonly localStorage: globalThis.Storage }): FrameStorage {
  const local = probe(window)
  if (local) {
    const storage = fromWebStorage(local)
    return { regime: 'frame', state: storage, secure: storage, mirror: undefined }
  }
  const mirror = HostMirror.create()
  return { regime: 'host', state: mirror, secure: memory(), mirror }
}

/** For tests and hosts that give nothing: everything in memory. */
export function inMemory(): FrameStorage {
  const storage = memory()
  return { regime: 'memory', state: storage, secure: storage, mirror: undefined }
}
