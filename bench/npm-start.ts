// How long `npm start` takes until it prints the demo URL: the first run (no earlier build: the frame
// and the demo are built while the devstack starts) and the next ones (the build is reused). Each run
// takes free ports and is stopped once it is ready; the builds go to a directory of the bench's own.
// Usage: npx tsx bench/npm-start.ts [warm runs=3]
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const warmRuns = Number(process.argv[2] ?? 3)
const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** One `npm start`, from spawn to the "Walletframe is running" line; then it is stopped. */
function startOnce(): Promise<number> {
  const started = performance.now()
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      FRAME_PORT: '0',
      DEMO_PORT: '0',
      API_PORT: '0',
      WALLETFRAME_DIST_DIR: `${repoRoot}.bench-dist`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (process.env.BENCH_VERBOSE) process.stdout.write(chunk)
      if (output.includes('Walletframe is running')) {
        const elapsed = performance.now() - started
        child.once('exit', () => resolve(elapsed))
        process.kill(-(child.pid as number), 'SIGINT')
      }
    })
    child.once('exit', (code) => {
      if (!output.includes('Walletframe is running'))
        reject(new Error(`npm start exited with ${code}:\n${output}`))
    })
  })
}

// The first run builds: no build of this output directory exists yet.
rmSync(`${repoRoot}.bench-dist`, { recursive: true, force: true })
const cold = await startOnce()
const warm: number[] = []
for (let run = 0; run < warmRuns; run++) {
  // The last run's processes (devnets, bundlers) finish stopping before the next starts.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  warm.push(await startOnce())
}
rmSync(`${repoRoot}.bench-dist`, { recursive: true, force: true })

const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)] as number
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
console.log('| what | figure | script |')
console.log('|---|---|---|')
console.log(`| \`npm start\` to the demo URL, first run (builds) | ${seconds(cold)} | bench/npm-start.ts |`)
console.log(
  `| \`npm start\` to the demo URL, build reused, median of ${warmRuns} | ${seconds(median)} | bench/npm-start.ts |`,
)
