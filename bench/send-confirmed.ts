// Send confirmed on the devnet from the click (numbers for the README, never test assertions): a
// browser wallet in the host page, the Send view filled in, then the time from the click on Send to
// the receiver's balance showing the amount on the chain (read by viem from Node every 5 ms).
// Usage: npx tsx bench/send-confirmed.ts [runs=10]
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAccountBench } from './internal/accountStack.js'

const runs = Number(process.argv[2] ?? 10)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

const bench = await startAccountBench({ account: 7 })
const { page, modal, rpcUrls } = bench
const client = createPublicClient({ transport: http(rpcUrls[1]) })
try {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await page.evaluate(() =>
      (window as unknown as { walletframe: { open(options: object): Promise<void> } }).walletframe.open({
        view: 'WalletSend',
      }),
    )
    await modal.getByTestId('wf-send-amount').fill('0.01')
    await modal.getByTestId('wf-send-receiver').fill(receiver)
    await modal.getByTestId('wf-send-fee').waitFor()
    const started = performance.now()
    await modal.getByTestId('wf-send-submit').click()
    while ((await client.getBalance({ address: receiver })) !== parseEther('0.01'))
      await new Promise((resolve) => setTimeout(resolve, 5))
    times.push(performance.now() - started)
    await page.evaluate(() =>
      (window as unknown as { walletframe: { close(): Promise<void> } }).walletframe.close(),
    )
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| Send (browser wallet) click -> confirmed on the devnet (median of ${runs}) | ${median(times).toFixed(0)} ms | bench/send-confirmed.ts |`,
  )
} finally {
  await bench.close()
}
