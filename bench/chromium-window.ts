// The CPU a Chromium window costs the e2e suite's browser (numbers for the README and e2e/lib/regime.ts,
// never test assertions): contexts opened one after the other, each with one page on a trivial
// document: Chromium with the suite's common switches only (Playwright's own features off), and as the
// suite launches it in the blocked regime (e2e/lib/regime.ts: the omnibox's WebUI popups off too).
// The figure is the CPU time of the whole process tree (the browser and every process it started),
// so run it on a quiet machine.
// Usage: npx tsx bench/chromium-window.ts [contexts=30]
import { spawnSync } from 'node:child_process'
import { chromium } from '@playwright/test'
import { regimeArgs } from '../e2e/lib/regime.js'
import { chromiumArgs } from '../e2e/playwright.config.js'

const [count = '30', ...switches] = process.argv.slice(2)

if (process.env.CHROMIUM_WINDOW_CHILD) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...chromiumArgs, ...switches],
  })
  for (let i = 0; i < Number(count); i++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('data:text/html,<h1>A page</h1>')
    // Long enough for what a window starts lazily to start.
    await page.waitForTimeout(300)
    await context.close()
  }
  await browser.close()
} else {
  // Each variant in a child of its own: its CPU time is the child's, read from /usr/bin/time.
  const variants: [string, string[]][] = [
    ['common switches', []],
    ['as the suite launches it', regimeArgs('blocked', ['http://frame.test:1'])],
  ]
  for (const [name, args] of variants) {
    const run = spawnSync(
      '/usr/bin/time',
      ['-f', '%U %S', process.execPath, '--import', 'tsx', import.meta.filename, count, ...args],
      { env: { ...process.env, CHROMIUM_WINDOW_CHILD: '1' }, encoding: 'utf8' },
    )
    const [user, system] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number)
    const cpu = user! + system!
    console.log(
      `${name}: ${cpu.toFixed(1)} s CPU for ${count} contexts (${((cpu / Number(count)) * 1000).toFixed(0)} ms each)`,
    )
  }
}
