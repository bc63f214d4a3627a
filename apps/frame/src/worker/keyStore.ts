// Non-extractable WebCrypto keys kept in the frame origin's IndexedDB (a CryptoKey is structured-
// cloneable, and stays non-extractable there): the key that wraps the device share, and the device
// key that signs session refreshes and share requests. Where storage is blocked (a third-party frame
// whose user blocks third-party cookies) `open` answers undefined and keys live for the page only.
const databaseName = 'walletframe-vault'
const storeName = 'keys'

export type KeyStore = {
  get(name: string): Promise<CryptoKey | CryptoKeyPair | undefined>
  put(name: string, key: CryptoKey | CryptoKeyPair): Promise<void>
  delete(name: string): Promise<void>
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

/** The store, or undefined where IndexedDB is missing or refused. */
export async function open(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<KeyStore | undefined> {
  if (!factory) return undefined
  let db: IDBDatabase
  try {
    const opening = factory.open(databaseName, 1)
    opening.onupgradeneeded = () => opening.result.createObjectStore(storeName)
    db = await request(opening)
  } catch {
    return undefined
  }
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) =>
    request(action(db.transaction(storeName, mode).objectStore(storeName)))
  return {
    get: (name) => run('readonly', (store) => store.get(name)),
    put: async (name, key) => {
      await run('readwrite', (store) => store.put(key, name))
    },
    delete: async (name) => {
      await run('readwrite', (store) => store.delete(name))
    },
  }
}

/** The keys for the page only: the blocked-storage regime, and tests. */
export function memory(): KeyStore {
  const keys = new Map<string, CryptoKey | CryptoKeyPair>()
  return {
    get: async (name) => keys.get(name),
    put: async (name, key) => {
      keys.set(name, key)
    },
    delete: async (name) => {
      keys.delete(name)
    },
  }
}
