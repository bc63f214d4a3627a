// What smart accounts cost locally: the devstack's start with and without its two ERC-4337 bundlers
// (EVM chains only, so the difference is the bundlers'), their memory, and a UserOperation from a
// new account (deploys it) and from a deployed one, sent to the bundler until its receipt is in.
// Figures for the README, never test assertions.
// Usage: npx tsx bench/smart-account.ts [runs=3]
import { execFileSync } from 'node:child_process'
import { evmAccount, startDevstack } from '@walletframe/devstack'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  pad,
  parseEther,
} from 'viem'
import { createBundlerClient, toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const runs = Number(process.argv[2] ?? 3)
const options = { solana: false, relay: false, onramp: false, auth: false, quiet: true } as const

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const startups: Record<'without' | 'with', number[]> = { without: [], with: [] }
for (let run = 0; run < runs; run++) {
  for (const bundler of [false, true]) {
    const started = performance.now()
    const stack = await startDevstack({ ...options, bundler })
    startups[bundler ? 'with' : 'without'].push(performance.now() - started)
    await stack.stop()
  }
}
console.log(
  `devstack start, EVM chains only, median of ${runs}: ${Math.round(median(startups.without))} ms without bundlers, ${Math.round(median(startups.with))} ms with two`,
)

const stack = await startDevstack({ ...options, bundler: true })
try {
  const rss = stack.children
    .filter((child) => child.name.startsWith('bundler'))
    .map((child) =>
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(child.pid)])
          .toString()
          .trim(),
      ),
    )
  console.log(
    `bundler memory (RSS) after start: ${rss.map((kb) => `${Math.round(kb / 1024)} MB`).join(', ')}`,
  )

  const network = stack.chainsFile.networks[0]!
  const chain = defineChain({
    id: network.id as number,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
  })
  const client = createPublicClient({ chain, transport: http() })
  const funder = createWalletClient({
    chain,
    transport: http(),
    account: privateKeyToAccount(evmAccount(9).privateKey),
  })
  const first: number[] = []
  const next: number[] = []
  for (let run = 0; run < 5; run++) {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSoladySmartAccount({
      client,
      owner,
      factoryAddress: network.contracts.smartAccountFactory as Address,
      salt: pad(owner.address, { dir: 'right', size: 32 }),
    })
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: account.address, value: parseEther('0.1') }),
    })
    const bundler = createBundlerClient({
      account,
      client,
      transport: http(network.bundlerUrl),
      pollingInterval: 50,
    })
    for (const times of [first, next]) {
      const started = performance.now()
      const hash = await bundler.sendUserOperation({ calls: [{ to: owner.address, value: 1n }] })
      await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
      times.push(performance.now() - started)
    }
  }
  console.log(
    `UserOperation sent -> receipt (bundler on the devnet), median of 5: ${Math.round(median(first))} ms deploying the account, ${Math.round(median(next))} ms deployed`,
  )
} finally {
  await stack.stop()
}
