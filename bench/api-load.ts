// Load on the blockchain data API over loopback: requests/s and p50/p99 latency of a cached balance
// call and of an uncached one (native + 20 ERC20 tokens read by one Multicall3 call), and the API
// process's memory. The API runs as its own process (the CLI), so the figures are not mixed with
// the load generator's or the chains'.
// Usage: npx tsx bench/api-load.ts [seconds per scenario=5] [concurrency=16]

import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevstack } from '@walletframe/devstack'
import { loadBalances, memoryMb } from './internal/httpLoad.js'

const seconds = Number(process.argv[2] ?? 5)
const concurrency = Number(process.argv[3] ?? 16)
const chainId = 'eip155:1'
const extraTokens = 17 // the devstack's USDC, DAI and WETH make 20 (its decimals-0 TIX is never read)

// The test ERC20 of Uniswap v2-core (constructor(uint totalSupply), 18 decimals), via the devstack's dependency.
const require = createRequire(fileURLToPath(import.meta.resolve('@walletframe/devstack')))
const erc20 = require('@uniswap/v2-core/build/ERC20.json') as { bytecode: string }

const word = (value: bigint | string) =>
  (typeof value === 'string' ? value.slice(2).toLowerCase() : value.toString(16)).padStart(64, '0')

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** `workers` loops, each issuing requests back to back for `seconds`. */
async function load(name: string, workers: number, url: (worker: number) => string) {
  return { scenario: name, concurrency: workers, ...(await loadBalances({ workers, seconds, url })) }
}

const stack = await startDevstack({ solana: false, quiet: true })
const dir = await mkdtemp(join(tmpdir(), 'wf-api-bench-'))
let child: ChildProcess | undefined
try {
  const network = stack.chainsFile.networks.find((n) => n.caipNetworkId === chainId)!
  const rpcUrl = network.rpcUrls.default.http[0]!
  const accounts = stack.chainsFile.accounts.evm.map((a) => a.address)
  const deployer = accounts[0]!
  const holders = accounts.slice(1, 1 + Math.min(concurrency, accounts.length - 1))

  // anvil's accounts are unlocked: eth_sendTransaction signs for them and mines at once.
  const send = (data: string, to?: string) =>
    rpc<string>(rpcUrl, 'eth_sendTransaction', [
      { from: deployer, ...(to ? { to } : {}), data, gas: '0x2dc6c0' },
    ])
  // anvil answers with the hash and mines right after, so the receipt can lag a moment.
  const receiptOf = async (hash: string) => {
    for (;;) {
      const receipt = await rpc<{ contractAddress: string; status: string } | null>(
        rpcUrl,
        'eth_getTransactionReceipt',
        [hash],
      )
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  const tokens: { address: string; symbol: string; name: string; decimals: number; priceUsd: number }[] = []
  for (let i = 0; i < extraTokens; i++) {
    const hash = await send(`0x${erc20.bytecode.replace(/^0x/, '')}${word(10n ** 30n)}`)
    const receipt = await receiptOf(hash)
    if (receipt.status !== '0x1') throw new Error('token deployment failed')
    tokens.push({
      address: receipt.contractAddress,
      symbol: `BT${i}`,
      name: `Bench Token ${i}`,
      decimals: 18,
      priceUsd: 1 + i,
    })
    for (const holder of holders)
      await send(`0xa9059cbb${word(holder)}${word(10n ** 21n * BigInt(i + 1))}`, receipt.contractAddress)
  }

  const config = {
    ...stack.chainsFile,
    networks: stack.chainsFile.networks.map((n) =>
      n.caipNetworkId === chainId ? { ...n, tokens: [...n.tokens, ...tokens] } : n,
    ),
    projects: [{ id: 'bench', name: 'Bench' }],
    options: {
      rateLimits: {
        perProject: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
        perIp: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
      },
    },
  }
  const configPath = join(dir, 'config.json')
  await writeFile(configPath, JSON.stringify(config))
  const readable = config.networks
    .find((n) => n.caipNetworkId === chainId)!
    .tokens.filter((t) => t.decimals > 0).length

  const bin = fileURLToPath(new URL('../apps/api/bin/walletframe-api.js', import.meta.url))
  const startedAt = performance.now()
  const api = spawn(
    process.execPath,
    [bin, 'serve', '--config', configPath, '--port', '0', '--data-dir', join(dir, 'db')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: '' },
    },
  )
  child = api
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = ''
    api.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /listening on (\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    api.once('exit', (code) => reject(new Error(`API exited with ${code}`)))
  })
  const startupMs = Math.round(performance.now() - startedAt)
  const pid = api.pid!
  const idle = await memoryMb(pid)

  const balance = (address: string, force: boolean) =>
    `${baseUrl}/v1/account/${address}/balance?projectId=bench&chainId=${chainId}&currency=usd${force ? '&forceUpdate=true' : ''}`
  const sample = (await (await fetch(balance(holders[0]!, true))).json()) as { balances: unknown[] }

  // Uncached: forceUpdate makes every call read the chain; each worker asks for its own address so
  // no two concurrent calls share one read.
  const uncached = await load('uncached balance (forceUpdate, 20 tokens)', holders.length, (w) =>
    balance(holders[w]!, true),
  )
  const afterUncached = await memoryMb(pid)
  const cached = await load('cached balance', concurrency, () => balance(holders[0]!, false))
  const afterCached = await memoryMb(pid)

  console.log(
    `API started in ${startupMs} ms (PGlite + migrations); ${readable} tokens read per uncached call, ${sample.balances.length} balances in the answer`,
  )
  console.table([uncached, cached])
  console.table([
    { when: 'idle after start', 'RSS MB': idle.rss },
    { when: 'after uncached load', 'RSS MB': afterUncached.rss },
    { when: 'after cached load', 'RSS MB': afterCached.rss, 'peak RSS MB': afterCached.peak },
  ])
} finally {
  child?.kill('SIGTERM')
  if (child && child.exitCode === null) await new Promise((resolve) => child!.once('exit', resolve))
  await stack.stop()
  await rm(dir, { recursive: true, force: true })
}
