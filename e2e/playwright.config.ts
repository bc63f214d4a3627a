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

/**
 * Blocked-regime specs that need a worker of their own kind; the rest (the API's fixtures with their
 * default options) run in the project `blocked`.
 */
const blockedGroups = {
  /** The devnets with the Solana cluster (`withSolana`). */
  solana: [
    'account.spec.ts',
    'recoveryKit.spec.ts',
    'reviewSolana.spec.ts',
    'send.spec.ts',
    'socialLoginProviders.spec.ts',
  ],
  /** Partitioned storage with a short email cooldown (their own `test.use`). */
  'email-partitioned': ['emailLoginRestore.spec.ts', 'emailUpdate.spec.ts'],
  /** Blocked storage with a short email cooldown (its own `test.use`): several logins in a row. */
  'email-cooldown': ['totp.spec.ts'],
  /** An ERC-4337 bundler per devnet. */
  bundler: ['sendCalls.spec.ts', 'smartAccount.spec.ts', 'smartSessions.spec.ts', 'sponsoredCalls.spec.ts'],
  /** The devnets without the API. */
  chains: ['browserWallet.spec.ts', 'packedSdk.spec.ts', 'reactSsr.spec.ts', 'wagmi.spec.ts'],
  /** The API with a review policy of its own (a deny list); the relay and test wallet for one of them. */
  review: ['review.spec.ts', 'reviewScams.spec.ts', 'reviewWalletConnect.spec.ts'],
  /** The on-ramp's checkout stand-in (fixtures of its own). */
  onramp: ['onramp.spec.ts'],
  /** The frame and host pages alone. */
  pages: ['deploy.spec.ts', 'foundation.spec.ts', 'regimes.spec.ts'],
  /** The WalletConnect relay and test wallet. */
  walletconnect: ['persistence.spec.ts', 'walletconnect.spec.ts', 'walletconnectBitcoin.spec.ts'],
  /** The relay and test wallet with the API and a bundler per devnet. */
  'walletconnect-api': ['walletconnectApi.spec.ts'],
  /** The relay and test wallet with the Solana cluster. */
  'walletconnect-solana': ['solanaWallet.spec.ts', 'walletconnectSolana.spec.ts'],
}

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
    trace: 'retain-on-failure',
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
  // The blocked regime's specs are split by the worker they need (their fixtures and worker options):
  // a worker starts devnets, an API and a relay, and one worker runs at a time, so files that need
  // another worker are grouped rather than interleaved by name (each switch is a worker restart).
  projects: [
    ...Object.entries(blockedGroups).map(([name, files]) => ({
      name: `blocked-${name}`,
      use: { regime: 'blocked' as const },
      testMatch: files,
    })),
    {
      name: 'blocked',
      use: { regime: 'blocked' },
      testIgnore: ['sameSite.spec.ts', ...Object.values(blockedGroups).flat()],
    },
    {
      name: 'partitioned',
      use: { regime: 'partitioned' },
      testMatch: [
        'regimes.spec.ts',
        // The handshake's early script keeps what it hears in memory only: it runs in every regime.
        'earlyReady.spec.ts',
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
      ],
    },
    // The wallet call API of the embedded smart account (batches, smart sessions, sponsored gas, its
    // signatures and operations) and of a WalletConnect wallet through the API (assets, call status)
    // in the regimes with storage, on devnets with their bundlers; the blocked regime runs them above.
    ...(['partitioned', 'same-site'] as const).map((regime) => ({
      name: `${regime}-bundler`,
      use: { regime },
      testMatch: [
        'sendCalls.spec.ts',
        'smartAccount.spec.ts',
        'smartSessions.spec.ts',
        'sponsoredCalls.spec.ts',
        'walletconnectApi.spec.ts',
      ],
    })),
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
      ],
    },
  ],
})
