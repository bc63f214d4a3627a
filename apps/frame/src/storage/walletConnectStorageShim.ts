// Stands in for `@walletconnect/keyvaluestorage` in the frame's bundle (vite.config.ts alias).
// That package reads `globalThis.localStorage` when its module loads, which throws in a third-party
// iframe with blocked storage and so fails the import of sign-client itself. The frame always
// passes its own storage (KeyValueStorage.ts), so the package's default storage is never used.
export abstract class IKeyValueStorage {
  abstract getKeys(): Promise<string[]>
  abstract getEntries<T = unknown>(): Promise<[string, T][]>
  abstract getItem<T = unknown>(key: string): Promise<T | undefined>
  abstract setItem<T = unknown>(key: string, value: T): Promise<void>
  abstract removeItem(key: string): Promise<void>
}

export default class KeyValueStorage {
  constructor() {
    throw new Error('Walletframe passes its own storage to WalletConnect; the default storage is not bundled')
  }
}
export { KeyValueStorage }
