// Swap quote latency at the API (numbers for the README, never test assertions): GET
// /v1/convert/quotes on a devnet, the API and the node on this machine, 50 sequential quotes of
// USDC -> DAI after a warm-up; each asks the fee router about the direct pool and the WETH path in
// one JSON-RPC batch.
// Usage: npx tsx bench/swap-quote.ts [runs=50]
import { startApi } from '@walletframe/api'
import { evmAccount, startDevstack } from '@walletframe/devstack'
import { ConvertQuotesResponse } from '@walletframe/protocol'

const runs = Number(process.argv[2] ?? 50)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

const devstack = await startDevstack({ solana: false, relay: false, quiet: true })
const api = await startApi({
  config: {
    ...devstack.chainsFile,
    projects: [{ id: 'bench', name: 'bench' }],
    options: { indexer: { enabled: false } },
  },
  databaseUrl: undefined,
})
try {
  const network = devstack.chainsFile.networks.find((candidate) => candidate.id === 1)!
  const token = (symbol: string) =>
    `eip155:1:${network.tokens.find((candidate) => candidate.symbol === symbol)!.address}`
  const query = (amount: number) =>
    new URLSearchParams({
      projectId: 'bench',
      amount: String(amount),
      userAddress: `eip155:1:${evmAccount(0).address}`,
      from: token('USDC'),
      to: token('DAI'),
      gasPrice: '1000000000',
    })
  const quote = async (amount: number) => {
    const response = await fetch(`${api.url}/v1/convert/quotes?${query(amount)}`)
    if (!response.ok) throw new Error(`quote failed: HTTP ${response.status} ${await response.text()}`)
    return ConvertQuotesResponse.parse(await response.json())
  }
  for (let i = 0; i < 5; i++) await quote(1_000_000 + i)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    // A new amount each time: nothing on the way may answer from a cache.
    const started = performance.now()
    await quote(10_000_000 + i)
    times.push(performance.now() - started)
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| Swap quote at the API, USDC -> DAI on a devnet (median of ${runs}) | ${median(times).toFixed(1)} ms | bench/swap-quote.ts |`,
  )
} finally {
  await api.stop()
  await devstack.stop()
}
