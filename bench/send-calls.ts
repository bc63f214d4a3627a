// EIP-5792 with the embedded smart account in Chromium, as a dapp on viem calls it (viem's sendCalls
// and waitForCallsStatus over the SDK's provider, e2e/lib/viemHost.page.ts), on the devnets with
// their ERC-4337 bundler: a batch of two ETH transfers, approved once on ApproveTransaction, timed in
// the pages from the Approve click (in the frame) to viem's waitForCallsStatus resolving with 200 (in
// the host) — the person's reading left out. viem polls wallet_getCallsStatus every 4 s over a
// custom transport unless told otherwise: the bench asks every 50 ms, so the figure is the wallet's
// and the bundler's time; a dapp on viem's default waits up to 4 s more.
// Usage: npx tsx bench/send-calls.ts [runs=10]
import { createPublicClient, http, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpcUrlsOf } from '../e2e/lib/chains.js'
import { hostState } from '../e2e/lib/emailLogin.js'
import { serveHostPage } from '../e2e/lib/hostPage.js'
import { providerRequest } from '../e2e/lib/provider.js'
import { projectId } from '../e2e/lib/stack.js'
import type { Call, HostAccount, ViemHost } from '../e2e/lib/viemHost.js'
import { loginByEmail, startLoginBench, summary } from './internal/loginStack.js'

const runs = Number(process.argv[2] ?? 10)
/** How often viem asks for the status here (its default over a custom transport is 4 s). */
const pollingMs = 50

type Status = Awaited<ReturnType<ViemHost['host']['waitForCallsStatus']>> & { at: number }

const bench = await startLoginBench({ bundler: true })
try {
  const host = await bench.open({
    host: (page) =>
      serveHostPage(page, bench.stack.demo.origin, {
        entry: new URL('../e2e/lib/viemHost.page.ts', import.meta.url).pathname,
        path: '/viem.html',
        config: {
          frameUrl: bench.stack.frame.url,
          projectId,
          networks: bench.chains.networks.map((network) => network.caipNetworkId),
        },
      }),
  })
  const { page, modal } = host
  await loginByEmail(bench, host, 'bench-calls')
  // With a bundler on the network a new embedded wallet uses its smart account; switch if it did not.
  const accountType = async () => ((await hostState(page)) as HostAccount).embeddedWalletInfo?.accountType
  if ((await accountType()) !== 'smartAccount') {
    await page.getByTestId('open').click()
    await modal.getByTestId('wf-account-type-switch').click()
    await modal.getByTestId('wf-close').click()
  }
  for (let i = 0; (await accountType()) !== 'smartAccount'; i++) {
    if (i === 100) throw new Error('the embedded wallet did not switch to its smart account')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const account = ((await hostState(page)) as HostAccount).address
  const chainId = Number((await providerRequest(page, 'eth_chainId')).result as string)
  const client = createPublicClient({ transport: http(rpcUrlsOf(bench.chains)[chainId] as string) })
  // The account pays for its UserOperations (no paymaster on the devnet).
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [account, toHex(parseEther('1'))] as never,
  })
  const receiver = privateKeyToAccount(generatePrivateKey()).address

  const times: number[] = []
  // Run 0 is the warm-up: the first batch deploys the account and loads the frame's batch code.
  for (let run = 0; run <= runs; run++) {
    await host.forget()
    const calls: Call[] = [
      { to: receiver, value: String(2 * run + 1) },
      { to: receiver, value: String(2 * run + 2) },
    ]
    const done = page.evaluate(
      async ({ account, chainId, calls, pollingMs }) => {
        const { host } = window as unknown as ViemHost
        const sent = await host.sendCalls({ account, chainId, forceAtomic: true, calls })
        if (!sent.id) throw new Error(`sendCalls failed: ${sent.error?.code} ${sent.error?.message}`)
        const status = await host.waitForCallsStatus(sent.id, pollingMs)
        return { ...status, at: performance.timeOrigin + performance.now() }
      },
      { account, chainId, calls, pollingMs },
    ) as Promise<Status>
    const view = modal.getByTestId('wf-approve-transaction')
    await view.waitFor()
    await modal.getByTestId('wf-approve-confirm').click()
    const status = await done
    if (status.statusCode !== 200) throw new Error(`batch ${run} ended ${status.statusCode} ${status.status}`)
    if (run > 0) times.push(status.at - (await host.clickedAt('wf-approve-confirm')))
    await view.waitFor({ state: 'detached' })
  }
  // Both transfers of every batch landed.
  const expected = BigInt((2 * runs + 2) * (2 * runs + 3)) / 2n
  const received = await client.getBalance({ address: receiver })
  if (received !== expected) throw new Error(`the receiver holds ${received} wei, not ${expected}`)
  console.log('| what | figure | script |')
  console.log('|---|---|---|')
  console.log(
    `| embedded smart account \`wallet_sendCalls\` (viem, two ETH transfers, one UserOperation): Approve clicked -> waitForCallsStatus resolved with 200 (asked every 50 ms), median / p95 (min–max) of ${runs} after one warm-up | ${summary(times)} | bench/send-calls.ts |`,
  )
} finally {
  await bench.close()
}
