// Frame latencies in Chromium (numbers for the README, never test assertions):
// - cold: createWalletframe() until `ready` (a fresh iframe boots and completes the handshake);
// - open: open() until the Connect view is painted in the (preloaded) frame;
// - round trip: a request answered by the frame (setThemeMode), over the MessagePort.
// Usage: npx tsx bench/frame-open.ts [runs=50] [roundTrips=1000]
import { chromium } from '@playwright/test'
import { startStack } from '../e2e/lib/stack.js'
import { chromiumArgs } from '../e2e/playwright.config.js'
import { buildApps } from '../scripts/build-apps.js'
import { connectPainted, openAt, watchConnectPaint } from './internal/painted.js'

const runs = Number(process.argv[2] ?? 50)
const roundTrips = Number(process.argv[3] ?? 1000)

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}
const ms = (value: number) => `${value.toFixed(2)} ms`

type Wf = {
  open(): Promise<void>
  close(): Promise<void>
  setThemeMode(mode: string): Promise<void>
  ready: Promise<void>
  destroy(): void
}
type BenchWindow = { walletframe: Wf; createWalletframe(options: object): Wf }

await buildApps({ quiet: true })
const stack = await startStack()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
})
try {
  const page = await browser.newPage()
  await page.goto(stack.demoUrl())
  await page.getByTestId('sdk-status').getByText('ready').waitFor()

  // Cold start: a new instance each run (the frame's files come from the browser cache, as they
  // would from a CDN after the first visit).
  const cold: number[] = await page.evaluate(async (count) => {
    const { createWalletframe } = window as unknown as BenchWindow
    const config = await (await fetch('/demo-config.json')).json()
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      const instance = createWalletframe({ ...config, metadata: { name: 'bench', url: location.origin } })
      await instance.ready
      times.push(performance.now() - start)
      instance.destroy()
    }
    return times
  }, runs)

  // open() -> Connect painted: the frame records when the view is on screen (after the next
  // animation frame), the host when it called open(); both clocks are epoch-based.
  const frame = page
    .frames()
    .find((candidate) => candidate.url().startsWith(stack.frame.origin) && !candidate.isDetached())
  if (!frame) throw new Error('frame not found')
  const open: number[] = []
  for (let i = 0; i < runs; i++) {
    await watchConnectPaint(frame)
    const started = await openAt(page)
    const painted = await connectPainted(frame)
    open.push(painted - started)
    await page.evaluate(() => (window as unknown as BenchWindow).walletframe.close())
  }

  const trips: number[] = await page.evaluate(async (count) => {
    const { walletframe } = window as unknown as BenchWindow
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      await walletframe.setThemeMode(i % 2 ? 'dark' : 'light')
      times.push(performance.now() - start)
    }
    return times
  }, roundTrips)

  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| cold: SDK created to frame ready (median of ${runs}) | ${ms(percentile(cold, 50))} | bench/frame-open.ts |`,
  )
  console.log(
    `| open() to Connect painted, preloaded frame (median / p95 of ${runs}) | ${ms(percentile(open, 50))} / ${ms(percentile(open, 95))} | bench/frame-open.ts |`,
  )
  console.log(
    `| channel round trip host -> frame -> host (p50 / p99 of ${roundTrips}) | ${ms(percentile(trips, 50))} / ${ms(percentile(trips, 99))} | bench/frame-open.ts |`,
  )
} finally {
  await browser.close()
  await stack.close()
}
