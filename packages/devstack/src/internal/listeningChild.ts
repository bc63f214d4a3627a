// A server the devstack runs as a child process (anvil, the ERC-4337 bundler). Each binds port 0
// itself and prints the port it got, which avoids probing for a free port and handing it over. This
// waits for that line, keeps the tail of what the child prints (for the errors), reports a crash
// after start, and stops it for sure.
import type { ChildProcess } from 'node:child_process'
import { ChildProcessError, StartTimeoutError } from '../errors.js'

export type ListeningChild = {
  port: number
  /** Resolves when the child has exited (for any reason). */
  exited: Promise<void>
  /** SIGTERM, then SIGKILL after 2 s; resolves once it has exited. */
  stop(): Promise<void>
}

export declare namespace listening {
  type Options = {
    /** Names the child in errors, e.g. "anvil (chain 1)". */
    name: string
    /** Matches the line that says it listens; its first group is the port. */
    listeningLine: RegExp
    /** Milliseconds to wait for that line. */
    timeoutMs: number
    /** Called if the child exits while it was expected to run. */
    onCrash?: ((error: ChildProcessError) => void) | undefined
  }
}

export async function listening(child: ChildProcess, options: listening.Options): Promise<ListeningChild> {
  const { name, listeningLine, timeoutMs } = options
  let stopping = false
  let tail = ''
  // Both pipes are read to the end, so a child that logs every request never blocks on a full pipe.
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-4000)
  }
  child.stderr?.setEncoding('utf8').on('data', keep)
  child.stdout?.setEncoding('utf8').on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const port = await new Promise<number>((resolve, reject) => {
    let stdout = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new StartTimeoutError(name, timeoutMs))
    }, timeoutMs)
    const onData = (chunk: string) => {
      stdout += chunk
      const match = listeningLine.exec(stdout)
      if (!match) return
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onEarlyExit)
      resolve(Number(match[1]))
    }
    const onEarlyExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer)
      reject(new ChildProcessError(name, `exited before listening (code ${code}, signal ${signal}): ${tail}`))
    }
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new ChildProcessError(name, `could not start: ${error.message}`))
    })
    child.once('exit', onEarlyExit)
    child.stdout?.on('data', onData)
  })

  child.once('exit', (code, signal) => {
    if (stopping) return
    options.onCrash?.(
      new ChildProcessError(name, `exited unexpectedly (code ${code}, signal ${signal}): ${tail}`),
    )
  })

  return {
    port,
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
