// WalletConnect's key-value storage (IKeyValueStorage) over the frame's storage. sign-client's own
// default is IndexedDB, which a third-party iframe with blocked storage cannot open; this one works
// in every regime, and in the blocked one the session reaches the host's copy with everything else.
import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage'
import { type Storage, scoped } from './Storage.js'

export function create(storage: Storage, prefix = 'wc:'): IKeyValueStorage {
  const area = scoped(storage, prefix)
  const read = <T>(key: string): T | undefined => {
    const raw = area.getItem(key)
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as T
    } catch {
      return undefined
    }
  }
  return {
    async getKeys() {
      return area.keys()
    },
    async getEntries<T>() {
      return area.keys().flatMap((key): [string, T][] => {
        const value = read<T>(key)
        return value === undefined ? [] : [[key, value]]
      })
    },
    async getItem<T>(key: string) {
      return read<T>(key)
    },
    async setItem<T>(key: string, value: T) {
      area.setItem(key, JSON.stringify(value))
    },
    async removeItem(key: string) {
      area.removeItem(key)
    },
  }
}
