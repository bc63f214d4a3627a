// An in-memory KeyValueStorage for WalletConnect clients in Node. The SDK's Node default
// needs `unstorage` and keys state by a shared name; tests and demo wallets want state that
// is private to one client and gone when the process ends.
import type { CoreTypes } from '@walletconnect/types'

type KeyValueStorage = NonNullable<CoreTypes.Options['storage']>

export class MemoryStorage implements KeyValueStorage {
  readonly #items = new Map<string, string>()

  async getKeys(): Promise<string[]> {
    return [...this.#items.keys()]
  }

  // biome-ignore lint/suspicious/noExplicitAny: the interface's own default type parameter
  async getEntries<T = any>(): Promise<[string, T][]> {
    return [...this.#items].map(([key, value]) => [key, JSON.parse(value) as T])
  }

  // biome-ignore lint/suspicious/noExplicitAny: the interface's own default type parameter
  async getItem<T = any>(key: string): Promise<T | undefined> {
    const value = this.#items.get(key)
    return value === undefined ? undefined : (JSON.parse(value) as T)
  }

  // Stored as JSON, like the SDK's real stores, so callers never share mutable objects with
  // the storage and Maps or class instances fail here as they would in IndexedDB.
  // biome-ignore lint/suspicious/noExplicitAny: the interface's own default type parameter
  async setItem<T = any>(key: string, value: T): Promise<void> {
    this.#items.set(key, JSON.stringify(value))
  }

  async removeItem(key: string): Promise<void> {
    this.#items.delete(key)
  }
}
