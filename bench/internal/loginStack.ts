// What the login benchmarks run on: the devnets with the mail catcher and the OAuth / OpenID Connect
// stand-in, the API with email and social login configured on embedded PostgreSQL, the built frame
// pointed at it, and Chromium with the frame cross-site in the partitioned regime (Chrome's default).
// Times are epoch milliseconds taken in the page where the thing happens (a click in the frame, the
// host's state), so Playwright's own latency is not counted.
import { randomBytes } from 'node:crypto'
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Frame,
  type FrameLocator,
  type Page,
} from '@playwright/test'
import { passPublicKey, startApi } from '@walletframe/api'
import { loginSettings, startDevstack } from '@walletframe/devstack'
import type { ChainsFile } from '@walletframe/protocol'
import { codeOf, enterCode, enterPassword, nextMail } from '../../e2e/lib/emailLogin.js'
import { hostsOf, regimeArgs } from '../../e2e/lib/regime.js'
import { projectId, type Stack, startStack } from '../../e2e/lib/stack.js'
import { chromiumArgs } from '../../e2e/playwright.config.js'
import { buildApps } from '../../scripts/build-apps.js'

export type LoginBench = {
  browser: Browser
  stack: Stack
  /** The mail catcher's HTTP listing (e2e/lib/emailLogin.ts nextMail reads it). */
  mailUrl: string
  /** The devnets' chains file (networks, RPC and bundler URLs). */
  chains: ChainsFile
  /** A fresh profile on the demo page (or `options.host`'s), ready, with clicks and the host's state timed. */
  open(options?: OpenOptions): Promise<HostPage>
  close(): Promise<void>
}

export type HostPage = {
  context: BrowserContext
  page: Page
  modal: FrameLocator
  /** The frame's Frame (for reading the times it recorded). */
  frame(): Frame
  /** Epoch ms of the last click on `[data-testid=testId]` in the frame (a capturing listener). */
  clickedAt(testId: string): Promise<number>
  /** Epoch ms at which `[data-testid=testId]` (one of `watched`) appeared in the frame since `forget()`. */
  seenAt(testId: Watched): Promise<number>
  /** Epoch ms of the last click on a `button[value=value]` in a page of another origin (a provider's). */
  pickedAt(value: string): Promise<number>
  /** Forgets what was seen, so the next appearance counts. */
  forget(): Promise<void>
  /** Epoch ms at which the host's state first said `status` since the last `resetState()`. */
  stateAt(status: 'connected' | 'disconnected'): Promise<number>
  resetState(): Promise<void>
}

/** The frame's screens whose first appearance the benchmarks time. */
export const watched = [
  'wf-email-code',
  'wf-recovery-password',
  'wf-approve-transaction',
  'wf-social-waiting',
] as const
export type Watched = (typeof watched)[number]

export type OpenOptions = {
  onContext?(context: BrowserContext): void
  /** Another host page instead of the demo's (e.g. e2e/lib/hostPage.ts serveHostPage); answers its URL. */
  host?(page: Page): Promise<string>
}

export async function startLoginBench(
  options: {
    /** Start the devnets' ERC-4337 bundlers, so new embedded wallets use their smart account. */
    bundler?: boolean
  } = {},
): Promise<LoginBench> {
  await buildApps({ quiet: true })
  const devstack = await startDevstack({ relay: false, quiet: true, bundler: options.bundler ?? false })
  const stack = await startStack({ hosts: hostsOf('partitioned') })
  stack.setNetworks(devstack.chainsFile.networks)
  const secret = randomBytes(32).toString('hex')
  const api = await startApi({
    config: {
      ...devstack.chainsFile,
      projects: [{ id: projectId, name: 'bench', allowedOrigins: [stack.demo.origin] }],
      options: {
        frameOrigins: [stack.frame.origin],
        auth: {
          secret,
          ...loginSettings(devstack.chainsFile.services),
          // One robot logs in many times from one address: the per-IP limits would measure themselves.
          emailStartsPerIp: { capacity: 1_000, refillPerSecond: 100 },
          socialStartsPerIp: { capacity: 1_000, refillPerSecond: 100 },
          walletCallsPerIp: { capacity: 1_000, refillPerSecond: 100 },
        },
      },
    },
    databaseUrl: undefined,
  })
  stack.setApiUrl(api.url, passPublicKey(secret))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumArgs,
      ...regimeArgs('partitioned', [stack.frame.origin, stack.demo.origin, stack.foreign.origin]),
    ],
  })
  const close = async () => {
    await browser.close()
    await api.stop()
    await stack.close()
    await devstack.stop()
  }

  async function open(options: OpenOptions = {}): Promise<HostPage> {
    const context = await browser.newContext()
    options.onContext?.(context)
    // In a provider's page (a popup on another origin, gone right after): when a button with a value
    // (the stand-in's user picker) was clicked, handed to Node before the page navigates away.
    const picks = new Map<string, number>()
    await context.exposeBinding('__benchPick', (_source, value: string, at: number) => {
      picks.set(value, at)
    })
    await context.addInitScript(
      ({ own }) => {
        if (own.includes(location.origin)) return
        document.addEventListener(
          'click',
          (event) => {
            const button = (event.target as Element | null)?.closest?.('button[value]')
            const pick = (window as unknown as { __benchPick?: (value: string, at: number) => void })
              .__benchPick
            if (button && pick)
              pick((button as HTMLButtonElement).value, performance.timeOrigin + performance.now())
          },
          true,
        )
      },
      { own: [stack.frame.origin, stack.demo.origin] },
    )
    // In the frame: when each data-testid element was last clicked (capturing, before React sees it).
    await context.addInitScript(
      ({ frameOrigin, watched }) => {
        if (location.origin !== frameOrigin) return
        const clicks: Record<string, number> = {}
        const seen: Record<string, number> = {}
        Object.assign(window, { __clicks: clicks, __seen: seen })
        // The animation frame after a screen's node is added: when it is on screen.
        new MutationObserver(() => {
          for (const id of watched)
            if (seen[id] === undefined && document.querySelector(`[data-testid="${id}"]`)) {
              seen[id] = 0
              requestAnimationFrame(() => {
                seen[id] = performance.timeOrigin + performance.now()
              })
            }
        }).observe(document, { childList: true, subtree: true })
        document.addEventListener(
          'click',
          (event) => {
            const target = (event.target as Element | null)?.closest?.('[data-testid]')
            const id = target?.getAttribute('data-testid')
            if (id) clicks[id] = performance.timeOrigin + performance.now()
          },
          true,
        )
      },
      { frameOrigin: stack.frame.origin, watched },
    )
    const page = await context.newPage()
    await page.goto(options.host ? await options.host(page) : stack.demoUrl())
    await page.getByTestId('sdk-status').getByText('ready').waitFor()
    const frame = () => {
      const found = page.frames().find((candidate) => candidate.url().startsWith(stack.frame.origin))
      if (!found) throw new Error('frame not found')
      return found
    }
    const resetState = () =>
      page.evaluate(() => {
        type Wf = { subscribeState(listener: (state: { status: string }) => void): () => void }
        const host = window as unknown as {
          walletframe: Wf
          __stateAt: Record<string, number>
          __stop?: () => void
        }
        host.__stop?.()
        host.__stateAt = {}
        host.__stop = host.walletframe.subscribeState((state) => {
          host.__stateAt[state.status] ??= performance.timeOrigin + performance.now()
        })
      })
    await resetState()
    return {
      context,
      page,
      modal: page.frameLocator('iframe[title="Walletframe"]'),
      frame,
      resetState,
      seenAt: async (testId) => {
        const handle = await frame().waitForFunction(
          (id) => (window as unknown as { __seen: Record<string, number> }).__seen[id] || undefined,
          testId,
          { timeout: 60_000 },
        )
        return (await handle.jsonValue()) as number
      },
      forget: () =>
        frame().evaluate(() => {
          const seen = (window as unknown as { __seen: Record<string, number> }).__seen
          for (const id of Object.keys(seen)) delete seen[id]
        }),
      pickedAt: async (value) => {
        for (let i = 0; i < 100 && !picks.has(value); i++) await new Promise((r) => setTimeout(r, 50))
        const at = picks.get(value)
        if (at === undefined) throw new Error(`no pick of ${value} was recorded`)
        picks.delete(value)
        return at
      },
      clickedAt: async (testId) => {
        const at = await frame().evaluate(
          (id) => (window as unknown as { __clicks: Record<string, number> }).__clicks[id],
          testId,
        )
        if (at === undefined) throw new Error(`no click on ${testId} was recorded`)
        return at
      },
      stateAt: async (status) => {
        const handle = await page.waitForFunction(
          (status) => (window as unknown as { __stateAt: Record<string, number> }).__stateAt[status],
          status,
          { timeout: 60_000 },
        )
        return (await handle.jsonValue()) as number
      },
    }
  }

  return {
    browser,
    stack,
    mailUrl: devstack.chainsFile.services.mail as string,
    chains: devstack.chainsFile,
    open,
    close,
  }
}

/** The value at percentile `p` of `values` (nearest rank). */
/**
 * A new embedded wallet on `host` by email (the address {label}-…@example.test): the code from the
 * mail, the recovery password, and the host's state connected. Untimed: the set-up before what a
 * benchmark measures.
 */
export async function loginByEmail(
  bench: Pick<LoginBench, 'mailUrl'>,
  host: HostPage,
  label: string,
): Promise<void> {
  const { page, modal } = host
  const email = `${label}-${Date.now()}@example.test`
  await page.getByTestId('open').click()
  await modal.getByTestId('wf-email-input').fill(email)
  await modal.getByTestId('wf-email-submit').click()
  await enterCode(modal, codeOf(await nextMail(bench.mailUrl, email, 0)))
  await enterPassword(modal)
  await host.stateAt('connected')
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

/** `median / p95 (min–max)` in ms. */
export function summary(values: number[], digits = 0): string {
  return `${percentile(values, 50).toFixed(digits)} ms / ${percentile(values, 95).toFixed(digits)} ms (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)} ms)`
}
