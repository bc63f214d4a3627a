// Starts API processes as real children (apiProcess.ts under tsx), for the multi-process test and
// the scale bench: each its own Node process, its own pool, its own indexer loop, as in production.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { startApi } from '../startApi.js'
import type { StatusMessage } from './apiProcess.js'

const entry = fileURLToPath(new URL('./apiProcess.ts', import.meta.url))
const apiRoot = fileURLToPath(new URL('../..', import.meta.url))

export type ChildApi = {
  url: string
  pid: number
  process: ChildProcess
  /** The indexer's status as the child sees it. */
  status(): Promise<StatusMessage['status']>
  /** SIGTERM (a clean stop, leases released) or SIGKILL; resolves once the process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>
}

/** JSON-able startApi options only: no functions cross the process boundary. */
export type ChildOptions = Omit<startApi.Options, 'fetch' | 'log' | 'database' | 'config'> & {
  config?: startApi.Options['config']
  /** Extra environment (DATABASE_URL is cleared unless given here or as databaseUrl). */
  env?: Record<string, string>
}

export async function start(options: ChildOptions): Promise<ChildApi> {
  const { env = {}, ...startOptions } = options
  const child = spawn(process.execPath, ['--import', 'tsx', entry, JSON.stringify(startOptions)], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /listening on (\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code, signal) =>
      reject(new Error(`API process exited before listening (${signal ?? `code ${code}`})`)),
    )
  })
  return {
    url,
    pid: child.pid!,
    process: child,
    status() {
      return new Promise((resolve, reject) => {
        const onMessage = (message: StatusMessage) => {
          child.off('exit', onExit)
          resolve(message.status)
        }
        const onExit = () => {
          child.off('message', onMessage)
          reject(new Error(`API process ${child.pid} is gone`))
        }
        child.once('message', onMessage)
        child.once('exit', onExit)
        child.send('status')
      })
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}
