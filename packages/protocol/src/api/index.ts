// Request and response schemas of the Walletframe blockchain data API (SPEC §7). The API validates
// with them and the frame's client parses answers with the same ones.
export * from './analytics.js'
export * from './balance.js'
export * from './chains.js'
export * from './common.js'
export * from './gas.js'
export * from './history.js'
export * from './identity.js'
export * from './names.js'
export * from './nft.js'
export * from './rpc.js'
