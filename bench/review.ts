// What the review before signing costs (numbers for the README, never test assertions): the embedded
// wallet, cross-site (partitioned), on the devnet with the API. Per run the host's provider asks
// eth_sendTransaction (a plain ETH send); timed in the pages, from the request to ApproveTransaction
// shown, and to the review painted (`wf-review` reviewed: the API simulated it and the verdict is on
// screen). The difference is what the review adds to the approval. Each request is then rejected, so
// the account and the chain stay as they were. Usage: npx tsx bench/review.ts [runs=20]
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loginByEmail, startLoginBench, summary } from './internal/loginStack.js'

const runs = Number(process.argv[2] ?? 20)

const reviewed = '[data-testid="wf-review"][data-status="reviewed"]'

const bench = await startLoginBench()
try {
  const host = await bench.open({
    // In the frame: the animation frame after the review is first painted reviewed, since __forget.
    onContext: (context) =>
      context.addInitScript(
        ({ selector }) => {
          const state = { at: 0 }
          Object.assign(window, { __reviewed: state })
          new MutationObserver(() => {
            if (state.at === 0 && document.querySelector(selector)) {
              state.at = -1
              requestAnimationFrame(() => {
                state.at = performance.timeOrigin + performance.now()
              })
            }
          }).observe(document, { childList: true, subtree: true, attributes: true })
        },
        { selector: reviewed },
      ),
  })
  const { page, modal } = host
  await loginByEmail(bench, host, 'bench-review')
  const address = (await page.getByTestId('state-address').textContent()) as `0x${string}`
  const chainId = Number(
    await page.evaluate(() =>
      (
        window as unknown as { walletframe: { provider: { request(a: object): Promise<string> } } }
      ).walletframe.provider.request({ method: 'eth_chainId' }),
    ),
  )
  const network = bench.chains.networks.find((candidate) => candidate.id === chainId)
  const client = createPublicClient({ transport: http(network?.rpcUrls.default.http[0]) })
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, '0xde0b6b3a7640000'] as never,
  })

  const shown: number[] = []
  const painted: number[] = []
  const added: number[] = []
  // Run 0 is the first review: the review's code loads with the approval view then.
  for (let run = 0; run <= runs; run++) {
    await host.forget()
    await host.frame().evaluate(() => {
      ;(window as unknown as { __reviewed: { at: number } }).__reviewed.at = 0
    })
    const to = privateKeyToAccount(generatePrivateKey()).address
    const requestedAt = await page.evaluate(
      ({ from, to, value }) => {
        type Provider = { request(args: { method: string; params: unknown[] }): Promise<string> }
        const provider = (window as unknown as { walletframe: { provider: Provider } }).walletframe.provider
        const at = performance.timeOrigin + performance.now()
        // Rejected below: the answer (4001) is expected, not awaited here.
        provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value }] }).catch(() => {})
        return at
      },
      { from: address, to, value: `0x${parseEther('0.001').toString(16)}` },
    )
    const shownAt = await host.seenAt('wf-approve-transaction')
    const handle = await host.frame().waitForFunction(
      () => {
        const at = (window as unknown as { __reviewed: { at: number } }).__reviewed.at
        return at > 0 ? at : undefined
      },
      undefined,
      { timeout: 60_000 },
    )
    const paintedAt = (await handle.jsonValue()) as number
    if (run > 0) {
      shown.push(shownAt - requestedAt)
      painted.push(paintedAt - requestedAt)
      added.push(paintedAt - shownAt)
    } else
      console.log(
        `first review (its code loads): request -> painted ${(paintedAt - requestedAt).toFixed(0)} ms`,
      )
    await modal.getByTestId('wf-approve-reject').click()
    await modal.getByTestId('wf-approve-transaction').waitFor({ state: 'detached' })
  }
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| review before signing (embedded, cross-site, devnet): host eth_sendTransaction -> review painted, median / p95 (min–max) of ${runs} | ${summary(painted)} | bench/review.ts |`,
  )
  console.log(`| the same: host request -> ApproveTransaction shown | ${summary(shown)} | bench/review.ts |`)
  console.log(
    `| what the review adds: ApproveTransaction shown -> review painted (target ≤ 150 ms) | ${summary(added)} | bench/review.ts |`,
  )
} finally {
  await bench.close()
}
