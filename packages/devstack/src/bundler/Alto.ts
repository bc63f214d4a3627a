// Runs one ERC-4337 bundler (Pimlico's alto, EntryPoint v0.7) for one anvil chain, as a child
// process: alto is GPL-3.0 and is only ever run, never imported. It binds what loopback.cjs lets it
// (127.0.0.1, port chosen by the system) and is ready once it listens: by then it has deployed its
// simulation contracts and checked the EntryPoint.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { evmAccount } from '../accounts.js'
import type { ChildProcessError } from '../errors.js'
import { canonicalAddresses } from '../evm/fixtures.js'
import { listening } from '../internal/listeningChild.js'

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
  const running = await listening(child, {
    name,
    listeningLine: /BUNDLER_LISTENING (\d+)/,
    timeoutMs,
    onCrash: options.onCrash,
  })
  void running.exited.then(() => live.delete(child))
  return {
    chainId,
    url: `http://127.0.0.1:${running.port}`,
    process: child,
    stop: running.stop,
  }
}
