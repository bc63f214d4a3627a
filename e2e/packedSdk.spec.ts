// A publishable SDK: @walletframe/protocol and @walletframe/sdk packed as they would be published
// (scripts/pack-packages.ts), installed with npm into a fresh host app, type-checked against the
// packed declarations, built with Vite and run against the stack: the frame starts, a browser wallet
// connects, the provider answers. Tests never reach the registry: the packages' own dependencies
// (zod, viem, wallet-standard) are linked from the workspace before `npm install --offline`.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { evmAccount } from '@walletframe/devstack'
import { build } from 'vite'
import { demoDist, repoRoot } from '../scripts/build-apps.js'
import { packAll } from '../scripts/pack-packages.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { test as chainsTest, expect, rpcUrlsOf } from './lib/chains.js'

const test = chainsTest
const holder = evmAccount(4)
/** Served under the demo's origin (the project allows it), beside the demo's own files. */
const base = '/packed-host/'

const hostHtml = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Packed SDK host</title></head>
  <body>
    <main>
      <h1>Packed SDK host</h1>
      <button type="button" data-testid="open">Open</button>
      <dl>
        <dt>SDK</dt><dd data-testid="sdk-status">starting</dd>
        <dt>Status</dt><dd data-testid="state-status">—</dd>
        <dt>Address</dt><dd data-testid="state-address">—</dd>
        <dt>eth_accounts</dt><dd data-testid="accounts">—</dd>
      </dl>
    </main>
    <script type="module" src="./main.ts"></script>
  </body>
</html>
`

// Typed against the packed declarations: tsc runs over this file before Vite builds it.
const hostMain = `import { createWalletframe, type WalletframeState } from '@walletframe/sdk'
import { isCaipNetworkId } from '@walletframe/protocol/guards'

type DemoConfig = { frameUrl: string; projectId: string; networks: \`\${string}:\${string}\`[] }
const config = (await (await fetch('/demo-config.json')).json()) as DemoConfig
const text = (id: string, value: string | undefined) => {
  const element = document.querySelector(\`[data-testid="\${id}"]\`)
  if (element) element.textContent = value ?? '—'
}
const wf = createWalletframe({
  projectId: config.projectId,
  frameUrl: config.frameUrl,
  networks: config.networks.filter(isCaipNetworkId),
  metadata: { name: 'Packed SDK host', url: location.origin },
})
wf.subscribeState((state: WalletframeState) => {
  text('state-status', state.status)
  text('state-address', state.address)
  if (state.isConnected)
    void wf.provider.request({ method: 'eth_accounts' }).then((accounts) => text('accounts', JSON.stringify(accounts)))
})
wf.ready.then(
  () => text('sdk-status', 'ready'),
  (error: Error) => text('sdk-status', \`error: \${error.message}\`),
)
document.querySelector('[data-testid="open"]')?.addEventListener('click', () => void wf.open())
`

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    strict: true,
    noEmit: true,
    // The packages' own declarations are checked, not only this file's use of them.
    skipLibCheck: false,
    types: [],
  },
  include: ['main.ts'],
}

let app: string
let packs: string

test.beforeAll(async () => {
  test.setTimeout(240_000)
  packs = mkdtempSync(join(tmpdir(), 'walletframe-packs-'))
  app = mkdtempSync(join(tmpdir(), 'walletframe-packed-host-'))
  const tarballs = packAll(packs)
  // The packages' registry dependencies, linked from the workspace: npm then finds them installed.
  const dependencies: Record<string, string> = {}
  for (const tarball of Object.values(tarballs)) {
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }),
    ) as { dependencies?: Record<string, string> }
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (name.startsWith('@walletframe/') || dependencies[name]) continue
      const link = join(app, 'node_modules', name)
      mkdirSync(dirname(link), { recursive: true })
      symlinkSync(join(repoRoot, 'node_modules', name), link)
      dependencies[name] = `file:${join(repoRoot, 'node_modules', name)}`
    }
  }
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'packed-host', private: true, type: 'module', dependencies }, null, 2),
  )
  writeFileSync(join(app, 'index.html'), hostHtml)
  writeFileSync(join(app, 'main.ts'), hostMain)
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  execFileSync(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--legacy-peer-deps', ...Object.values(tarballs)],
    { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  execFileSync(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', join(app, 'tsconfig.json')], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await build({
    root: app,
    base,
    configFile: false,
    logLevel: 'error',
    build: { outDir: join(demoDist, base), emptyOutDir: true, target: 'es2022' },
  })
})

test.afterAll(() => {
  for (const dir of [app, packs, join(demoDist, base)]) if (dir) rmSync(dir, { recursive: true, force: true })
})

test('the packed tarballs: built files, ESM, types and sideEffects as installed', () => {
  const installed = (name: string) =>
    JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string } | string>
      sideEffects: unknown
    }
  const sdk = installed('@walletframe/sdk')
  expect(sdk.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' })
  expect(sdk.sideEffects).toBe(false)
  const protocol = installed('@walletframe/protocol')
  expect(protocol.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' })
  expect(protocol.sideEffects).toEqual(['./dist/internal/zod.js'])
  // The Vite build took the packed SDK, not the workspace's sources.
  const built = readFileSync(join(demoDist, base, 'index.html'), 'utf8')
  expect(built).toContain(`${base}assets/`)
})

test('a host app built from the packed SDK connects a browser wallet', async ({ page, stack, chains }) => {
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
  await page.goto(`${stack.demo.origin}${base}index.html`)
  await expect(page.getByTestId('sdk-status')).toHaveText('ready')
  await connectBrowserWallet(page, page.frameLocator('iframe[title="Walletframe"]'))
  await expect(page.getByTestId('state-address')).toHaveText(holder.address)
  await expect(page.getByTestId('accounts')).toHaveText(JSON.stringify([holder.address]))
})
