// The JavaScript the embedded wallet adds, and when it loads, in Chromium (fresh profile, frame
// cross-site with partitioned storage): every script the frame origin serves (the Worker's too) is
// counted in the phase that fetched it — Connect painted and the browser idle; "Continue with email"
// to the code entry; code and password to connected; the first personal_sign. Sizes as served (min)
// and gzip -9. What email login loads must not have loaded with Connect: the bench fails if it did.
// Usage: npx tsx bench/embedded-js.ts
import { gzipSync } from 'node:zlib'
import type { Response } from '@playwright/test'
import { codeOf, enterCode, enterPassword, nextMail } from '../e2e/lib/emailLogin.js'
import { startLoginBench } from './internal/loginStack.js'

type Script = { path: string; min: number; gzip: number }

const bench = await startLoginBench()
try {
  const phases: { name: string; scripts: Script[] }[] = []
  let pending: Promise<Script>[] = []
  let lastResponse = Date.now()
  const onResponse = (response: Response) => {
    const url = response.url()
    if (!url.startsWith(bench.stack.frame.origin) || !url.endsWith('.js')) return
    lastResponse = Date.now()
    pending.push(
      response.body().then((bytes) => ({
        path: new URL(url).pathname,
        min: bytes.byteLength,
        gzip: gzipSync(bytes, { level: 9 }).byteLength,
      })),
    )
  }
  // From the first request of a fresh profile; a dedicated Worker's script is the context's response too.
  const host = await bench.open({ onContext: (context) => context.on('response', onResponse) })
  const { page, modal } = host
  /** Ends a phase once no frame script has arrived for 2 s (idle callbacks and prefetches included). */
  async function phase(name: string) {
    while (Date.now() - lastResponse < 2_000) await new Promise((resolve) => setTimeout(resolve, 250))
    phases.push({ name, scripts: await Promise.all(pending) })
    pending = []
  }

  // The page as the host loads it (the frame preloads hidden), then Connect.
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-view-Connect').waitFor()
  await modal.getByTestId('wf-email-input').waitFor()
  await phase('host page load (frame preloaded hidden) + open() -> Connect painted, then idle')

  const email = `bench-js-${Date.now()}@example.test`
  await modal.getByTestId('wf-email-input').fill(email)
  await modal.getByTestId('wf-email-submit').click()
  await modal.getByTestId('wf-email-code').waitFor()
  await phase('"Continue with email" -> code entry')

  await enterCode(modal, codeOf(await nextMail(bench.mailUrl, email, 0)))
  await enterPassword(modal)
  await host.stateAt('connected')
  await phase('code + recovery password -> connected (Account)')

  const address = (await page.getByTestId('state-address').textContent()) as string
  const answer = page.evaluate(
    (address) =>
      (
        window as unknown as {
          walletframe: {
            provider: { request(args: { method: string; params: unknown[] }): Promise<unknown> }
          }
        }
      ).walletframe.provider.request({ method: 'personal_sign', params: ['0x6869', address] }),
    address,
  )
  await modal.getByTestId('wf-approve-confirm').click()
  await answer
  await phase('first personal_sign (approve, Worker signs)')

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const sum = (scripts: Script[]) =>
    scripts.reduce((total, s) => ({ min: total.min + s.min, gzip: total.gzip + s.gzip }), { min: 0, gzip: 0 })
  for (const { name, scripts } of phases) {
    const total = sum(scripts)
    console.log(`${name}: ${scripts.length} scripts, ${kb(total.min)} / ${kb(total.gzip)} gzip`)
    for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip))
      console.log(
        `  ${script.path.padEnd(52)} ${kb(script.min).padStart(9)} ${kb(script.gzip).padStart(9)} gzip`,
      )
  }
  const [connect, start, login, sign] = phases.map((p) => p.scripts) as Script[][]
  const atConnect = new Set(connect?.map((s) => s.path))
  const embedded = [...(start ?? []), ...(login ?? []), ...(sign ?? [])]
  const early = embedded.filter((s) => atConnect.has(s.path))
  if (early.length) throw new Error(`loaded with Connect already: ${early.map((s) => s.path).join(', ')}`)
  if (!start?.some((s) => /vault\.worker/.test(s.path)))
    throw new Error('the key Worker did not load on "Continue with email"')
  const worker = start.filter((s) => /vault\.worker/.test(s.path))
  console.log('\n| what | figure | script |')
  console.log('|---|---|---|')
  const row = (what: string, scripts: Script[]) => {
    const total = sum(scripts)
    console.log(
      `| ${what} (${scripts.length} files), min / min+gzip | ${kb(total.min)} / ${kb(total.gzip)} | bench/embedded-js.ts |`,
    )
  }
  row(
    'JS the email login loads on "Continue with email" (connector, flows, key Worker), none of it with Connect',
    start ?? [],
  )
  row('  of which the key Worker', worker)
  row('JS loaded from then until connected', login ?? [])
  row(
    'JS loaded on the first embedded signature (ApproveTransaction, the query layer, viem: shared with the other wallets)',
    sign ?? [],
  )
  const ui = (connect ?? []).filter((s) => /LoginMethods|EmailCode|RecoveryPassword|popup/.test(s.path))
  row('  the login section of Connect, for comparison (loads with Connect, after it paints)', ui)
} finally {
  await bench.close()
}
