// Writes packages/protocol/src/networks/evm.json, the built-in EVM networks, from viem's chain definitions.
// Run after upgrading viem: npx tsx scripts/evm-networks.ts
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fromViemChains } from '../packages/protocol/src/networks/viemChains.js'

const target = fileURLToPath(new URL('../packages/protocol/src/networks/evm.json', import.meta.url))
writeFileSync(target, `${JSON.stringify(fromViemChains(), null, 2)}\n`)
console.log(`wrote ${target}`)
