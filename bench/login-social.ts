// Social login with the embedded wallet in Chromium (frame cross-site, partitioned storage), google
// through the devstack's OpenID Connect stand-in: the button clicked -> the popup opens on the frame
// origin -> the API's authorization URL -> the stand-in's user picker, where the robot picks alice at
// once -> the API's callback -> the frame's /auth/callback closes the popup -> the frame, whose look at
// the attempt the API holds until the popup completes it, connects -> the recovery password (typed at once) opens the wallet -> the
// host's state says connected. Run 0 makes alice's wallet and is left out; each other run follows a
// sign-out. Times are taken in the pages. With BENCH_TRACE=1 it also prints where the time after
// the pick goes: each request of the popup and the frame (median start and end after the pick, from
// the browser's own timing) beside the frame's screens and the host's state.
// Usage: [BENCH_TRACE=1] npx tsx bench/login-social.ts [runs=10]

import type { Request } from '@playwright/test'
import { enterPassword } from '../e2e/lib/emailLogin.js'
import { percentile, startLoginBench, summary } from './internal/loginStack.js'

const runs = Number(process.argv[2] ?? 10)

const bench = await startLoginBench()
try {
  const host = await bench.open()
  const { page, modal, context } = host
  const totals: number[] = []
  const afterPassword: number[] = []
  const popupClosedToAsked: number[] = []
  const pickedToClosed: number[] = []
  const toPicker: number[] = []
  const pickedToConnected: number[] = []
  /** Per traced step (a request by method and path, or a moment), its start and end after the pick, per run. */
  const trace = new Map<string, { start: number[]; end: number[] }>()
  const requests: { name: string; start: number; end: number }[] = []
  if (process.env.BENCH_TRACE)
    context.on('requestfinished', (request: Request) => {
      const { startTime, responseEnd } = request.timing()
      const url = new URL(request.url())
      // Ids and secrets in a path are left out, so that each run's request has the same name.
      const path = url.pathname
        .replace(/\/[A-Za-z0-9_-]{20,}/g, '/:id')
        .replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js')
      requests.push({
        name: `${request.method()} ${url.port} ${path}`,
        start: startTime,
        end: startTime + Math.max(responseEnd, 0),
      })
    })
  for (let run = 0; run <= runs; run++) {
    await host.resetState()
    await host.forget()
    await page.getByTestId('open').click()
    const opened = context.waitForEvent('page')
    await modal.getByTestId('wf-social-google').click()
    const popup = await opened
    const closed = popup.waitForEvent('close', { timeout: 30_000 }).then(() => Date.now())
    await popup.locator('button[value="alice"]').click()
    await host.seenAt('wf-recovery-password')
    await enterPassword(modal)
    const connected = await host.stateAt('connected')
    const clicked = await host.clickedAt('wf-social-google')
    const typed = await host.clickedAt('wf-recovery-password-submit')
    const asked = await host.seenAt('wf-recovery-password')
    const picked = await host.pickedAt('alice')
    if (run > 0 && process.env.BENCH_TRACE) {
      const steps = [
        ...requests.filter((request) => request.end >= picked),
        { name: '= popup closed', start: await closed, end: await closed },
        { name: '= password asked (screen painted)', start: asked, end: asked },
        { name: '= password typed, submitted', start: typed, end: typed },
        { name: '= host state connected', start: connected, end: connected },
      ]
      const seen = new Set<string>()
      for (const step of steps) {
        // A request made twice in a run (a look at the attempt) keeps its first.
        if (seen.has(step.name)) continue
        seen.add(step.name)
        const entry = trace.get(step.name) ?? { start: [], end: [] }
        entry.start.push(step.start - picked)
        entry.end.push(step.end - picked)
        trace.set(step.name, entry)
      }
    }
    requests.length = 0
    if (run > 0) {
      toPicker.push(picked - clicked)
      // Machine time after the pick: the robot's typing of the password left out.
      pickedToConnected.push(asked - picked + (connected - typed))
      totals.push(connected - clicked)
      afterPassword.push(connected - typed)
      popupClosedToAsked.push(asked - (await closed))
      pickedToClosed.push((await closed) - picked)
    }
    await host.resetState()
    await page.getByTestId('disconnect').click()
    await host.stateAt('disconnected')
  }
  const row = (what: string, values: number[]) =>
    console.log(`| ${what}, median / p95 (min–max) of ${runs} | ${summary(values)} | bench/login-social.ts |`)
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  row('social login (google, OIDC stand-in): button -> popup -> user picked -> connected', totals)
  row('  of which button -> user picked in the popup (popup, API start, provider page, the robot)', toPicker)
  row('  of which user picked -> connected, password typing left out', pickedToConnected)
  row(
    '  of which user picked -> popup closed (the API callback, /auth/callback completing the attempt)',
    pickedToClosed,
  )
  row(
    '  of which popup closed -> password asked (the held look answers, the frame connects)',
    popupClosedToAsked,
  )
  row('  of which password typed -> connected (wallet recovered in the Worker)', afterPassword)
  if (process.env.BENCH_TRACE) {
    console.log('')
    console.log('| after the pick (median ms): start | end | runs | step |')
    console.log('|---|---|---|---|')
    const rows = [...trace].sort(([, a], [, b]) => percentile(a.start, 50) - percentile(b.start, 50))
    for (const [name, { start, end }] of rows)
      console.log(
        `| ${percentile(start, 50).toFixed(0)} | ${percentile(end, 50).toFixed(0)} | ${start.length} | ${name} |`,
      )
  }
} finally {
  await bench.close()
}
