// @walletframe/api: the blockchain data API as a library: build the Hono app around an
// open database, or start the whole server.
export { publicKeyForSecret as passPublicKey } from './auth/factorPass.js'
export * as Config from './Config.js'
export { createApi } from './createApi.js'
export * as Database from './db/Database.js'
export * as Projects from './db/projects.js'
export * from './errors.js'
export * as Indexer from './indexer/Indexer.js'
export { localProjectId, startApi } from './startApi.js'
