// Runs one anvil node as a child process on 127.0.0.1 (internal/listeningChild.ts: port 0, the port
// read from its "Listening on" line).
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { testMnemonic } from '../accounts.js'
import type { ChildProcessError } from '../errors.js'
import { listening } from '../internal/listeningChild.js'

const require = createRequire(import.meta.url)

/** The anvil binary shipped in the platform package next to `@foundry-rs/anvil` (or $ANVIL_BIN). */
export function binaryPath(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platform = process.platform === 'win32' ? 'win32' : process.platform
  const packageJson = require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`)
  return join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
}

export type Anvil = {
  chainId: number
  port: number
  httpUrl: string
  wsUrl: string
  process: ChildProcess
  /** Resolves when the child has exited (for any reason). */
  exited: Promise<void>
  stop(): Promise<void>
}

export declare namespace start {
  type Options = {
    chainId: number
    /** Accounts anvil derives from the test mnemonic and prefunds. */
    accounts?: number
    /** Milliseconds to wait for the "Listening on" line. */
    timeoutMs?: number
    /** Called if the node exits while it was expected to run. */
    onCrash?: (error: ChildProcessError) => void
  }
}

export async function start(options: start.Options): Promise<Anvil> {
  const { chainId, accounts = 20, timeoutMs = 10_000 } = options
  const name = `anvil (chain ${chainId})`
  const child = spawn(
    binaryPath(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--chain-id',
      String(chainId),
      '--accounts',
      String(accounts),
      '--mnemonic',
      testMnemonic,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const running = await listening(child, {
    name,
    listeningLine: /Listening on 127\.0\.0\.1:(\d+)/,
    timeoutMs,
    onCrash: options.onCrash,
  })
  return {
    chainId,
    port: running.port,
    httpUrl: `http://127.0.0.1:${running.port}`,
    wsUrl: `ws://127.0.0.1:${running.port}`,
    process: child,
    exited: running.exited,
    stop: running.stop,
  }
}
