// The API load loop the API benchmarks share: `workers` loops issuing balance requests back to back
// for `seconds`, with latency percentiles; and a process's memory as /proc reports it.
import { readFile } from 'node:fs/promises'

/** The value at percentile `p` of ascending `sorted` values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/** Resident and peak memory of a process, in MB. */
export async function memoryMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

/** Balance calls back to back from `workers` loops for `seconds`; an answer without balances is an error. */
export async function loadBalances(options: {
  workers: number
  seconds: number
  url(worker: number): string
}) {
  const latencies: number[] = []
  let errors = 0
  const until = performance.now() + options.seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      const url = options.url(worker)
      while (performance.now() < until) {
        const t = performance.now()
        const response = await fetch(url)
        const body = await response.text()
        if (response.status !== 200 || !body.includes('"balances"')) errors++
        latencies.push(performance.now() - t)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(2)),
  }
}
