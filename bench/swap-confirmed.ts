// Swap confirmed on the devnet from the click (numbers for the README, never test assertions): a
// browser wallet in the host page, the Swap view filled in (ETH -> USDC, no approval needed) and
// reviewed, then the time from the click on Swap to the account's USDC balance having grown on the
// chain (read by viem from Node every 5 ms).
// Usage: npx tsx bench/swap-confirmed.ts [runs=10]
import { evmAccount } from '@walletframe/devstack'
import { type Address, createPublicClient, erc20Abi, http } from 'viem'
import { startAccountBench } from './internal/accountStack.js'

const runs = Number(process.argv[2] ?? 10)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

const account = 6
const bench = await startAccountBench({ account })
const { page, modal, rpcUrls, chains } = bench
const client = createPublicClient({ transport: http(rpcUrls[1]) })
const usdc = chains.networks
  .find((network) => network.id === 1)!
  .tokens.find((token) => token.symbol === 'USDC')!.address as Address
const owner = evmAccount(account).address
const usdcBalance = () =>
  client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
try {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    await page.evaluate(() =>
      (window as unknown as { walletframe: { open(options: object): Promise<void> } }).walletframe.open({
        view: 'Swap',
      }),
    )
    await modal.getByTestId('wf-swap-source-token').selectOption({ label: 'ETH' })
    await modal.getByTestId('wf-swap-to-token').selectOption({ label: 'USDC' })
    await modal.getByTestId('wf-swap-amount').fill('0.01')
    await modal.getByTestId('wf-swap-review').click()
    const submit = modal.getByTestId('wf-swap-submit')
    await submit.getByText('Swap', { exact: true }).waitFor()
    const before = await usdcBalance()
    const started = performance.now()
    await submit.click()
    while ((await usdcBalance()) === before) await new Promise((resolve) => setTimeout(resolve, 5))
    times.push(performance.now() - started)
    await modal.locator('#wf-title').getByText('Account').waitFor()
    await page.evaluate(() =>
      (window as unknown as { walletframe: { close(): Promise<void> } }).walletframe.close(),
    )
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| Swap (browser wallet, ETH -> USDC) click -> confirmed on the devnet (median of ${runs}) | ${median(times).toFixed(0)} ms | bench/swap-confirmed.ts |`,
  )
} finally {
  await bench.close()
}
