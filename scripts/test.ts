// `npm test`: every check and every test, in two lanes that run side by side: the end-to-end specs,
// the longest step, from the start; the static checks, the unit tests and the package check in the
// other. The end-to-end specs mostly wait on Chromium, the devnets and the servers, so the other lane
// uses cores that would otherwise idle. The package check and the packed-SDK spec both build
// packages/*/dist: scripts/pack-packages.ts packs under a lock, one process at a time.
// Each line of output carries its step's name; the run ends with every step's time, and fails when
// any step failed (a failed step does not stop the other lane).
// Usage: npm test   (a single step: npm run lint | lint:layers | typecheck | test:unit | test:packages | test:e2e)
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

type Step = { name: string; script: string }

const unitLane: Step[] = [
  { name: 'lint', script: 'lint' },
  { name: 'layers', script: 'lint:layers' },
  { name: 'types', script: 'typecheck' },
  { name: 'unit', script: 'test:unit' },
  { name: 'packages', script: 'test:packages' },
]
const e2e: Step = { name: 'e2e', script: 'test:e2e' }
// Side by side only when asked (WALLETFRAME_TEST_LANES=2): on two cores the load it adds still loses a
// race the specs have (a card that grows and re-centres while a click is on its way), so by default
// the steps run one after another.
const lanes: Step[][] = process.env.WALLETFRAME_TEST_LANES === '2' ? [[e2e], unitLane] : [[...unitLane, e2e]]

type Result = { name: string; code: number; seconds: number }

function run(step: Step): Promise<Result> {
  const started = performance.now()
  const child = spawn('npm', ['run', '--silent', step.script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const prefix = `[${step.name}]`.padEnd(11)
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`))
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ name: step.name, code: code ?? 1, seconds: (performance.now() - started) / 1000 }),
    )
  })
}

/** Runs a lane's steps one after another; a failed step ends its lane. */
async function runLane(lane: Step[]): Promise<Result[]> {
  const results: Result[] = []
  for (const step of lane) {
    const result = await run(step)
    results.push(result)
    if (result.code !== 0) break
  }
  return results
}

const started = performance.now()
const results = (await Promise.all(lanes.map(runLane))).flat()
const ran = new Set(results.map((result) => result.name))
const skipped = lanes.flat().filter((step) => !ran.has(step.name))
console.log('\nstep        exit   time')
for (const { name, code, seconds } of results)
  console.log(`${name.padEnd(12)}${String(code).padEnd(7)}${seconds.toFixed(0)} s`)
for (const step of skipped) console.log(`${step.name.padEnd(12)}not run (an earlier step of its lane failed)`)
console.log(`all         ${((performance.now() - started) / 1000).toFixed(0)} s`)
process.exitCode = results.some((result) => result.code !== 0) || skipped.length ? 1 : 0
