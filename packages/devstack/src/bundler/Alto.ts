// Runs one ERC-4337 bundler (Pimlico's alto, EntryPoint v0.7) for one anvil chain, as a child
// process: alto is GPL-3.0 and is only ever run, never imported. It binds what loopback.cjs lets it
// (127.0.0.1, port chosen by the system) and is ready once it listens: by then it has deployed its
// simulation contracts and checked the EntryPoint.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { evmAccount } from '../accounts.js'
import { ChildProcessError, StartTimeoutError } from '../errors.js'
import { canonicalAddresses } from '../evm/fixtures.js'

const require = createRequire(import.meta.url)

/**
 * Anvil accounts 16 (executor: sends the bundles) and 17 (utility: deploys alto's simulation
 * contracts). No test user (0-9), not the fee recipient (18) nor the fixture deployer (19).
 */
export const executorIndex = 16
export const utilityIndex = 17

export function cliPath(): string {
  // The package exports only its entry (esm/index.js); the CLI sits beside it. Resolving loads nothing.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

/** Bundlers still running, so an exiting process can take them down synchronously. */
const live = new Set<ChildProcess>()
let exitHookInstalled = false
function installExitHook() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL')
  })
}

export type Bundler = {
  chainId: number
  url: string
  process: ChildProcess
  stop(): Promise<void>
}

export declare namespace start {
  type Options = {
    chainId: number
    /** The chain's JSON-RPC URL (anvil). */
    rpcUrl: string
    /** Milliseconds to wait for it to listen. */
    timeoutMs?: number
    onCrash?: (error: ChildProcessError) => void
  }
}

export async function start(options: start.Options): Promise<Bundler> {
  const { chainId, rpcUrl, timeoutMs = 60_000 } = options
  const name = `bundler (chain ${chainId})`
  const preload = fileURLToPath(new URL('./loopback.cjs', import.meta.url))
  const child = spawn(
    process.execPath,
    [
      '--require',
      preload,
      cliPath(),
      '--entrypoints',
      canonicalAddresses.entryPointV07,
      '--executor-private-keys',
      evmAccount(executorIndex).privateKey,
      '--utility-private-key',
      evmAccount(utilityIndex).privateKey,
      '--rpc-url',
      rpcUrl,
      // Safe mode needs debug_traceCall with alto's JS tracer, which anvil does not run.
      '--safe-mode',
      'false',
      // anvil mines each transaction at once: bundle each operation as it comes.
      '--bundle-mode',
      'auto',
      '--port',
      '0',
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  installExitHook()
  live.add(child)
  let stopping = false
  let output = ''
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-4000)
  }
  child.stderr?.setEncoding('utf8').on('data', keep)
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      live.delete(child)
      resolve()
    }),
  )

  const port = await new Promise<number>((resolve, reject) => {
    let stdout = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new StartTimeoutError(name, timeoutMs))
    }, timeoutMs)
    const onData = (chunk: string) => {
      keep(chunk)
      stdout += chunk
      const match = /BUNDLER_LISTENING (\d+)/.exec(stdout)
      if (!match) return
      clearTimeout(timer)
      child.off('exit', onEarlyExit)
      resolve(Number(match[1]))
    }
    const onEarlyExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer)
      reject(
        new ChildProcessError(name, `exited before listening (code ${code}, signal ${signal}): ${output}`),
      )
    }
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new ChildProcessError(name, `could not start: ${error.message}`))
    })
    child.once('exit', onEarlyExit)
    // Keeps draining after the port line so the pipe never fills.
    child.stdout?.setEncoding('utf8').on('data', onData)
  })

  child.once('exit', (code, signal) => {
    if (stopping) return
    options.onCrash?.(
      new ChildProcessError(name, `exited unexpectedly (code ${code}, signal ${signal}): ${output}`),
    )
  })

  return {
    chainId,
    url: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      stopping = true
      child.kill('SIGTERM')
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 2_000)
      await exited
      clearTimeout(killTimer)
    },
  }
}
