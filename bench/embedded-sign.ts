// Signing with the embedded wallet in Chromium: the host page's provider asks personal_sign; the frame
// shows ApproveTransaction; once approved, the key in the frame's Worker signs and the signature goes
// back to the host. Two legs, timed in the pages: request -> approval shown (host -> frame channel,
// the view), and approve clicked -> signature in the host (the Worker's signing over comlink, the
// channel back) — the second is the Worker's signing latency as the host sees it, the person's click
// left out. The first signature is checked with viem. Usage: npx tsx bench/embedded-sign.ts [runs=50]
import { verifyMessage } from 'viem'
import { loginByEmail, startLoginBench, summary } from './internal/loginStack.js'

const runs = Number(process.argv[2] ?? 50)

type Signed = { requestedAt: number; answeredAt: number; signature: `0x${string}` }

const bench = await startLoginBench()
try {
  const host = await bench.open()
  const { page, modal } = host
  await loginByEmail(bench, host, 'bench-sign')
  const address = (await page.getByTestId('state-address').textContent()) as `0x${string}`

  const shown: number[] = []
  const signed: number[] = []
  // Run 0 is the first signature: the signing code (viem's, in the frame) loads then.
  for (let run = 0; run <= runs; run++) {
    const message = `Signed by the embedded wallet, run ${run}`
    await host.forget()
    const answer = page.evaluate(
      async ({ message, address }) => {
        type Provider = { request(args: { method: string; params: unknown[] }): Promise<string> }
        const provider = (window as unknown as { walletframe: { provider: Provider } }).walletframe.provider
        const hex = `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`
        const requestedAt = performance.timeOrigin + performance.now()
        const signature = await provider.request({ method: 'personal_sign', params: [hex, address] })
        return { requestedAt, answeredAt: performance.timeOrigin + performance.now(), signature }
      },
      { message, address },
    ) as Promise<Signed>
    const view = modal.getByTestId('wf-approve-transaction')
    await view.waitFor()
    await modal.getByTestId('wf-approve-confirm').click()
    const result = await answer
    const approvedAt = await host.clickedAt('wf-approve-confirm')
    shown.push((await host.seenAt('wf-approve-transaction')) - result.requestedAt)
    signed.push(result.answeredAt - approvedAt)
    if (run === 0 && !(await verifyMessage({ address, message, signature: result.signature })))
      throw new Error('the signature does not recover to the embedded address')
    await view.waitFor({ state: 'detached' })
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  const [firstSigned, ...restSigned] = signed
  const [firstShown, ...restShown] = shown
  console.log(
    `| embedded wallet personal_sign: approve clicked -> signature in the host (Worker signs), median / p95 (min–max) of ${runs} | ${summary(restSigned, 1)} | bench/embedded-sign.ts |`,
  )
  console.log(
    `| embedded wallet personal_sign: host request -> ApproveTransaction shown, median / p95 (min–max) of ${runs} | ${summary(restShown, 1)} | bench/embedded-sign.ts |`,
  )
  console.log(
    `| the first signature after login (signing code loads): request -> shown / approve -> signature | ${firstShown?.toFixed(0)} ms / ${firstSigned?.toFixed(0)} ms | bench/embedded-sign.ts |`,
  )
} finally {
  await bench.close()
}
