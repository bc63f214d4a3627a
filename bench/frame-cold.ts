// The frame as a first-time visitor meets it: a fresh browser profile (empty cache), the frame on
// another site than the host page (frame.test in dapp.test), its storage blocked or partitioned.
// The frame offers WalletConnect, as deployed. Per run: createWalletframe() to `ready` (the demo page marks both), open() to the Connect view
// painted, and the frame's JavaScript fetched before that paint (min and gzip -9, as a CDN would
// serve it). Numbers for the README, never test assertions.
// Usage: npx tsx bench/frame-cold.ts [runs=20] [regime=blocked|partitioned]
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startRelay } from '@walletframe/devstack'
import { hostsOf, type Regime, regimeArgs } from '../e2e/lib/regime.js'
import { startStack } from '../e2e/lib/stack.js'
import { useLocalRelay } from '../e2e/lib/walletConnect.js'
import { chromiumArgs } from '../e2e/playwright.config.js'
import { buildApps } from '../scripts/build-apps.js'
import { connectPainted, openAt, watchConnectPaint } from './internal/painted.js'

const runs = Number(process.argv[2] ?? 20)
const regime = (process.argv[3] ?? 'blocked') as Regime

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

await buildApps({ quiet: true })
const stack = await startStack({ hosts: hostsOf(regime) })
// As deployed: the frame offers WalletConnect (here over the local relay).
const relay = await startRelay()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    ...chromiumArgs,
    ...regimeArgs(regime, [stack.frame.origin, stack.demo.origin, stack.foreign.origin]),
  ],
})
const ready: number[] = []
const open: number[] = []
let scripts: { url: string; min: number; gzip: number }[] = []
try {
  for (let run = 0; run < runs; run++) {
    // A new context is a fresh profile: empty HTTP cache, no storage.
    const context = await browser.newContext()
    const page = await context.newPage()
    await useLocalRelay(page, stack.frame.origin, relay.url)
    // Each frame script with the (epoch) time its request started; those before the paint count.
    const fetched: { url: string; at: number; body: Promise<Buffer> }[] = []
    const started = new Map<string, number>()
    page.on('request', (request) => {
      if (request.url().startsWith(stack.frame.origin)) started.set(request.url(), Date.now())
    })
    page.on('response', (response) => {
      const url = response.url()
      if (url.startsWith(stack.frame.origin) && url.endsWith('.js'))
        fetched.push({
          url,
          at: started.get(url) ?? Date.now(),
          // A late response may outlive the context; only those before the paint are read.
          body: response.body().catch(() => Buffer.alloc(0)),
        })
    })
    await page.goto(stack.demoUrl())
    await page.getByTestId('sdk-status').getByText('ready').waitFor()
    ready.push(
      await page.evaluate(() => {
        const [created] = performance.getEntriesByName('walletframe:create')
        const [done] = performance.getEntriesByName('walletframe:ready')
        if (!created || !done) throw new Error('the demo did not mark create / ready')
        return done.startTime - created.startTime
      }),
    )
    const frame = page.frames().find((candidate) => candidate.url().startsWith(stack.frame.origin))
    if (!frame) throw new Error('frame not found')
    await watchConnectPaint(frame)
    const openedAt = await openAt(page)
    const at = await connectPainted(frame)
    open.push(at - openedAt)
    scripts = await Promise.all(
      fetched
        .filter((script) => script.at <= at)
        .map(async ({ url, body }) => {
          const bytes = await body
          return {
            url: new URL(url).pathname,
            min: bytes.byteLength,
            gzip: gzipSync(bytes, { level: 9 }).byteLength,
          }
        }),
    )
    await context.close()
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const total = scripts.reduce(
    (sum, script) => ({ min: sum.min + script.min, gzip: sum.gzip + script.gzip }),
    {
      min: 0,
      gzip: 0,
    },
  )
  console.log(`frame scripts fetched before Connect painted (${regime}, last run):`)
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${script.url.padEnd(48)} ${kb(script.min).padStart(9)} ${kb(script.gzip).padStart(9)} gzip`,
    )
  console.log('\n| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| frame JS before Connect paints, min / min+gzip (${scripts.length} files) | ${kb(total.min)} / ${kb(total.gzip)} | bench/frame-cold.ts |`,
  )
  console.log(
    `| cold, cross-site (${regime}), fresh profile: createWalletframe() to ready, median / p95 of ${runs} | ${percentile(ready, 50).toFixed(0)} ms / ${percentile(ready, 95).toFixed(0)} ms | bench/frame-cold.ts |`,
  )
  console.log(
    `| cold, then open() to Connect painted, median / p95 of ${runs} | ${percentile(open, 50).toFixed(0)} ms / ${percentile(open, 95).toFixed(0)} ms | bench/frame-cold.ts |`,
  )
} finally {
  await browser.close()
  await stack.close()
  await relay.stop()
}
