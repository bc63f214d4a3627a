export * from './address.js'
export * from './caip.js'
export * from './chains.js'
