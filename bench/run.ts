// `npm run bench`: every benchmark, one after another (they share two cores; running them side by
// side would measure each other). Each prints its own figures for the README table.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const benches = [
  'sdk-size.ts',
  'frame-open.ts',
  'frame-cold.ts',
  'locale-chunks.ts',
  'devstack-startup.ts',
  'npm-start.ts',
  'walletconnect-relay.ts',
  'walletconnect-frame.ts',
  'wagmi-connect.ts',
  'api-load.ts',
  'api-scale.ts',
  'account-tokens.ts',
  'send-confirmed.ts',
  'swap-quote.ts',
  'swap-confirmed.ts',
  'login-email.ts',
  'login-social.ts',
  'embedded-sign.ts',
  'review.ts',
  'embedded-js.ts',
  'smart-account.ts',
  'send-calls.ts',
]

const dir = fileURLToPath(new URL('.', import.meta.url))
let failed = 0
for (const bench of benches) {
  console.log(`\n## ${bench}`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${bench}`], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed++
    console.error(`${bench} failed (exit ${result.status})`)
  }
}
process.exit(failed ? 1 : 0)
