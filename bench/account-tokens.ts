// Account open -> Tokens painted, in Chromium against the devnets and the API (numbers for the
// README, never test assertions). The host calls open({ view: 'Account' }) with a browser wallet
// connected; the frame records when the first token row is on screen.
// - uncached: after a reload of the host page (the frame's query cache is empty: in the default,
//   blocked storage regime it lives in memory) and with the API's balance cache off, so the balances
//   are read from the chain;
// - cached: opened again in the same page, within the 30 s the frame keeps balances.
// Usage: npx tsx bench/account-tokens.ts [runs=20]
import { startAccountBench } from './internal/accountStack.js'
import { connectPainted, openAt, watchPaint } from './internal/painted.js'

const runs = Number(process.argv[2] ?? 20)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const tokenRow = '.wf-root[data-open="true"] [data-testid="wf-token"]'

const bench = await startAccountBench({ account: 6, apiOptions: { balanceCacheTtlMs: 0 } })
const { page, stack } = bench
try {
  const frameOf = async () => {
    // After a reload the demo may report the restored connection a moment before Playwright lists
    // the new frame.
    for (let attempt = 0; attempt < 100; attempt++) {
      const found = page
        .frames()
        .find((frame) => frame.url().startsWith(stack.frame.origin) && !frame.isDetached())
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('frame not found')
  }
  const close = () =>
    page.evaluate(() =>
      (window as unknown as { walletframe: { close(): Promise<void> } }).walletframe.close(),
    )
  const measure = async () => {
    const frame = await frameOf()
    await watchPaint(frame, tokenRow)
    const started = await openAt(page, { view: 'Account' })
    const painted = await connectPainted(frame)
    await close()
    return painted - started
  }

  const uncached: number[] = []
  const cached: number[] = []
  for (let i = 0; i < runs; i++) {
    await page.reload()
    await page.getByTestId('state-status').getByText('connected').waitFor()
    uncached.push(await measure())
    cached.push(await measure())
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| Account open -> Tokens painted, uncached: balances read from the devnet by the API (median of ${runs}) | ${median(uncached).toFixed(0)} ms | bench/account-tokens.ts |`,
  )
  console.log(
    `| Account open -> Tokens painted, cached in the frame (median of ${runs}) | ${median(cached).toFixed(0)} ms | bench/account-tokens.ts |`,
  )
} finally {
  await bench.close()
}
