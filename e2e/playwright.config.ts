import { defineConfig } from '@playwright/test'
import type { Regime } from './lib/regime.js'

// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), never a downloaded browser. The
// fixtures launch it themselves once the servers are up (e2e/lib/fixtures.ts: host names, secure
// origins and the storage regime need the servers' ports). The flags keep it off the (closed) network.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

const walletCallSpecs = [
  'sendCalls.spec.ts',
  'smartAccount.spec.ts',
  'smartSessions.spec.ts',
  'sponsoredCalls.spec.ts',
  'walletconnectApi.spec.ts',
]

export default defineConfig<object, { regime: Regime }>({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './globalSetup.ts',
  // Two workers unless WALLETFRAME_E2E_WORKERS says otherwise: the specs wait on the frame, the devnets
  // and the browser more than they compute, so two cores run two at once. A spec never waits on a timer
  // where an event can be awaited: toasts are recorded as they open (lib/toasts.ts), Connect keeps its
  // layout while the login loads, the card hangs from a fixed top and the guarded Approve sticks in
  // view, so a click lands where it was aimed whatever the load.
  workers: Number(process.env.WALLETFRAME_E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    headless: true,
    // A failed spec keeps its trace: each step with its call log, and the console. The DOM snapshot at
    // every step (which also carries the network log and error-context.md's page snapshot) and the
    // screencast cost Chromium and the worker about a tenth more CPU in every spec, passed or not (over
    // account, send and swap: 54 s against 48 s), and CI shows its output, not its files: to read a
    // local failure's network and DOM, run it again with WALLETFRAME_E2E_TRACE=full.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.WALLETFRAME_E2E_TRACE === 'full',
    },
  },
  // The frame is cross-site to its host pages (host names mapped to 127.0.0.1), in one of the storage
  // regimes (README.md, "Storage regimes"; e2e/lib/regime.ts). Every spec runs as in production: cross-site with
  // the frame's storage blocked, the hardest case. regimes.spec.ts proves each regime; sameSite.spec.ts
  // runs a connect flow with the frame on the host page's site; persistence.spec.ts, account.spec.ts
  // (the API's data, the query caches the frame keeps where it has storage), signIn.spec.ts (the
  // sign-in sessions the frame keeps) and onramp.spec.ts (a checkout popup on another origin) run in
  // all three. socialLogin.spec.ts runs in all three too: its popup on the frame origin is first-party,
  // with storage of its own, while the iframe that waits for the login has its host site's partition,
  // none, or (same-site) the popup's own storage. passkeyLogin.spec.ts runs blocked and partitioned: a
  // second host site is a new device in both; passkeyFactor.spec.ts too (its passkey is asked in the
  // iframe, whatever the iframe's storage). walletconnectBitcoin.spec.ts runs in all three: the
  // Bitcoin accounts live in the WalletConnect session, which the frame keeps in its own storage, its
  // host site's partition, or (blocked) the SDK's copy in the host page. recoveryKit.spec.ts runs in
  // all three: the kit downloads from the iframe and the phrase shows in a first-party window whatever
  // the iframe's storage; exportPasskey.spec.ts (that window opened with a passkey's touch) runs blocked
  // and partitioned.
  //
  // One project per storage regime, and one kind of worker per project: the worker starts the pages'
  // servers and Chromium, and the devnets, APIs and relay its specs ask for as they first ask
  // (e2e/lib/services.ts), so specs that need different servers share the worker's Node and browser.
  projects: [
    {
      name: 'blocked',
      use: { regime: 'blocked' },
      // A reload that restores the wallet needs storage: the email specs that reload run partitioned.
      testIgnore: ['sameSite.spec.ts', 'emailLoginRestore.spec.ts', 'emailUpdate.spec.ts'],
    },
    {
      name: 'partitioned',
      use: { regime: 'partitioned' },
      testMatch: [
        'regimes.spec.ts',
        // The handshake's early script keeps what it hears in memory only: it runs in every regime.
        'earlyReady.spec.ts',
        'emailLoginRestore.spec.ts',
        'emailUpdate.spec.ts',
        'persistence.spec.ts',
        'walletconnectBitcoin.spec.ts',
        'account.spec.ts',
        // The language needs no storage: it comes from the host or the browser in every regime.
        'locale.spec.ts',
        'signIn.spec.ts',
        'onramp.spec.ts',
        'socialLogin.spec.ts',
        'passkeyLogin.spec.ts',
        'passkeyFactor.spec.ts',
        'recoveryKit.spec.ts',
        // The phrase window is first-party whatever the iframe's storage; the passkey is the frame site's.
        'exportPasskey.spec.ts',
        // The review keeps nothing in the frame's storage; it runs where the frame has some too.
        'review.spec.ts',
        // The wallet call API of the embedded smart account (batches, smart sessions, sponsored gas, its
        // signatures and operations) and of a WalletConnect wallet through the API (assets, call status)
        // runs in the regimes with storage too.
        ...walletCallSpecs,
      ],
    },
    {
      name: 'same-site',
      use: { regime: 'same-site' },
      testMatch: [
        'regimes.spec.ts',
        'earlyReady.spec.ts',
        'sameSite.spec.ts',
        'locale.spec.ts',
        'socialLogin.spec.ts',
        'persistence.spec.ts',
        'walletconnectBitcoin.spec.ts',
        'account.spec.ts',
        'signIn.spec.ts',
        'onramp.spec.ts',
        'recoveryKit.spec.ts',
        'review.spec.ts',
        ...walletCallSpecs,
      ],
    },
  ],
})
