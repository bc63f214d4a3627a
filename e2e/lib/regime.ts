// The storage regime the frame gets, and how Chromium is launched to give it (README.md,
// "Storage regimes"; e2e/regimes.spec.ts proves each one inside the frame). The frame is on another
// site than its host pages, as in production, by host names the browser maps to 127.0.0.1.
import type { Hosts } from './stack.js'

/**
 * - `blocked`: the frame is cross-site and gets no storage (localStorage throws, indexedDB.open
 *   fails), like for a user who blocks third-party cookies. Playwright's default launch.
 * - `partitioned`: cross-site, with storage partitioned per top-level site (Chrome's default, Safari,
 *   Firefox).
 * - `same-site`: the frame on a subdomain of the host page's site: first-party, unpartitioned storage.
 */
export type Regime = 'blocked' | 'partitioned' | 'same-site'

export function hostsOf(regime: Regime): Hosts {
  // `.test` (RFC 6761) is on no public suffix list, and Chromium takes its last label as the registry:
  // dapp.test is a registrable domain, frame.dapp.test is on its site, frame.test and other.test are
  // two other sites. regimes.spec.ts checks this by the storage the frame gets.
  return regime === 'same-site'
    ? { frame: 'frame.dapp.test', demo: 'dapp.test', foreign: 'other.test' }
    : { frame: 'frame.test', demo: 'dapp.test', foreign: 'other.test' }
}

/**
 * The features Playwright 1.65 disables (its `--disable-features` switch, in chromiumSwitches).
 * Among them ThirdPartyStoragePartitioning: with it off, Chromium gives a cross-site iframe no storage
 * at all. `--enable-features=ThirdPartyStoragePartitioning` does not win over that (checked on
 * Chromium 156), but a second `--disable-features` does: Chromium keeps the last value of a repeated
 * switch. So the browser gets the list again, without that one feature in `partitioned`, and with
 * the features below.
 */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Off in every regime: each window of Chromium 156 (each context's page, each popup) preloads its
 * omnibox's two WebUI popups, a renderer that no spec ever shows; without them a page costs the
 * browser about a third less CPU (bench: 30 contexts, 10.4 s -> 6.4 s of CPU).
 */
const unusedFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/** Chromium switches for a regime, given the origins of the stack's pages. */
export function regimeArgs(regime: Regime, origins: string[]): string[] {
  const names = origins.map((origin) => new URL(origin).hostname)
  return [
    `--host-resolver-rules=${names.map((name) => `MAP ${name} 127.0.0.1`).join(', ')}`,
    // http://*.test is not a secure context (production is https): without this the frame would
    // lack WebCrypto's subtle, WebAuthn, clipboard... Needs the exact origins, ports included.
    `--unsafely-treat-insecure-origin-as-secure=${origins.join(',')}`,
    `--disable-features=${[
      ...playwrightDisabledFeatures.filter(
        (name) => regime !== 'partitioned' || name !== 'ThirdPartyStoragePartitioning',
      ),
      ...unusedFeatures,
    ].join(',')}`,
  ]
}
