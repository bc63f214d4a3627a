// How long `startDevstack()` takes until every endpoint answers and the chains file is built
// (two anvil chains with fixtures, the Solana RPC, NFT metadata). Target: <= 5000 ms.
// Usage: npx tsx bench/devstack-startup.ts [runs=5]
import { startDevstack } from '@walletframe/devstack'

const runs = Number(process.argv[2] ?? 5)
const startups: number[] = []
const shutdowns: number[] = []

for (let run = 0; run < runs; run++) {
  const started = performance.now()
  const stack = await startDevstack({ quiet: true })
  startups.push(performance.now() - started)
  const stopping = performance.now()
  await stack.stop()
  shutdowns.push(performance.now() - stopping)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const round = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
console.log(
  `devstack startup over ${runs} runs: median ${Math.round(median(startups))} ms (runs: ${round(startups)})`,
)
console.log(`devstack stop: median ${Math.round(median(shutdowns))} ms`)
if (median(startups) > 5000) {
  console.error('startup median is above the 5000 ms target')
  process.exitCode = 1
}
