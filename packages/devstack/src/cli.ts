// `devstack up [--out FILE] [--no-evm] [--no-solana] [--no-bundler] [--quiet]` runs the stack until Ctrl-C / SIGTERM;
// `devstack down [--out FILE]` stops one started elsewhere, through the pid file beside the chains file.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startDevstack } from './Devstack.js'
import { DevstackError } from './errors.js'
import * as RepoRoot from './repoRoot.js'

const usage = `Usage:
  devstack up   [--out FILE] [--no-evm] [--no-solana] [--no-bundler] [--quiet]
  devstack down [--out FILE]

--out defaults to chains.local.json at the repository root.`

function pidFile(out: string) {
  return `${out}.pid`
}

async function up(
  out: string,
  flags: { evm: boolean; solana: boolean; bundler: boolean; quiet: boolean },
): Promise<number> {
  const started = performance.now()
  const stack = await startDevstack({ ...flags, out })
  writeFileSync(pidFile(out), String(process.pid))
  const ms = Math.round(performance.now() - started)
  process.stdout.write(`devstack up in ${ms} ms — chains file: ${out}\n`)
  for (const network of stack.chainsFile.networks) {
    process.stdout.write(
      `  ${network.caipNetworkId.padEnd(48)} ${network.rpcUrls.default.http[0]}  ${network.name}\n`,
    )
  }
  for (const [name, url] of Object.entries(stack.chainsFile.services)) {
    process.stdout.write(`  ${name.padEnd(48)} ${url}\n`)
  }
  process.stdout.write('Press Ctrl-C to stop.\n')

  return new Promise<number>((done) => {
    const shutdown = async (signal: string) => {
      process.stderr.write(`\n[devstack] ${signal}: stopping\n`)
      await stack.stop()
      rmSync(pidFile(out), { force: true })
      done(0)
    }
    process.once('SIGINT', () => void shutdown('SIGINT'))
    process.once('SIGTERM', () => void shutdown('SIGTERM'))
  })
}

async function down(out: string): Promise<number> {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile(out), 'utf8'))
  } catch {
    process.stderr.write(`No running devstack recorded at ${pidFile(out)}\n`)
    return 1
  }
  try {
    process.kill(pid, 'SIGTERM')
  } catch {
    rmSync(pidFile(out), { force: true })
    process.stderr.write(`Devstack process ${pid} was not running; removed its pid file\n`)
    return 0
  }
  // Wait for the stack to take its children down before returning.
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(pid, 0)
    } catch {
      process.stdout.write(`devstack ${pid} stopped\n`)
      return 0
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100))
  }
  process.stderr.write(`devstack ${pid} did not stop within 10 s\n`)
  return 1
}

export async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>
  const parse = () =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        'no-evm': { type: 'boolean', default: false },
        'no-solana': { type: 'boolean', default: false },
        'no-bundler': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    })
  try {
    parsed = parse()
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`)
    return 2
  }
  const { values, positionals } = parsed
  const command = positionals[0]
  if (values.help || (command !== 'up' && command !== 'down')) {
    process.stdout.write(`${usage}\n`)
    return values.help ? 0 : 2
  }
  try {
    const out = values.out ? resolve(values.out) : RepoRoot.defaultChainsFile()
    if (command === 'down') return await down(out)
    return await up(out, {
      evm: !values['no-evm'],
      solana: !values['no-solana'],
      bundler: !values['no-bundler'],
      quiet: values.quiet,
    })
  } catch (error) {
    const code = error instanceof DevstackError ? ` [${error.code}]` : ''
    process.stderr.write(`devstack failed${code}: ${(error as Error).message}\n`)
    return 1
  }
}
