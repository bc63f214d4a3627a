// Runs one anvil node as a child process on 127.0.0.1. anvil binds port 0 itself and prints the port it
// got, which avoids the race of probing a free port first and handing it over.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { testMnemonic } from '../accounts.js'
import { ChildProcessError, StartTimeoutError } from '../errors.js'

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
  let stopping = false
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const port = await new Promise<number>((resolve, reject) => {
    let stdout = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new StartTimeoutError(name, timeoutMs))
    }, timeoutMs)
    const onData = (chunk: string) => {
      stdout += chunk
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(stdout)
      if (!match) return
      clearTimeout(timer)
      // anvil logs every request on stdout from now on; keep draining it so the pipe never fills.
      child.stdout?.off('data', onData)
      child.stdout?.resume()
      child.off('exit', onEarlyExit)
      resolve(Number(match[1]))
    }
    const onEarlyExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer)
      reject(
        new ChildProcessError(name, `exited before listening (code ${code}, signal ${signal}): ${stderr}`),
      )
    }
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new ChildProcessError(name, `could not start: ${error.message}`))
    })
    child.once('exit', onEarlyExit)
    child.stdout?.setEncoding('utf8').on('data', onData)
  })

  child.once('exit', (code, signal) => {
    if (stopping) return
    options.onCrash?.(
      new ChildProcessError(name, `exited unexpectedly (code ${code}, signal ${signal}): ${stderr}`),
    )
  })

  return {
    chainId,
    port,
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    process: child,
    exited,
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
