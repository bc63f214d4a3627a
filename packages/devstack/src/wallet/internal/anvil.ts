// Starts a bare anvil node for the wallet tests and the bench (eth_sendTransaction must land
// on a real devnet). anvil binds port 0 itself and prints the port it got.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export type Node = { url: string; chainId: number; stop(): Promise<void> }

export async function start(chainId: number): Promise<Node> {
  const require = createRequire(import.meta.url)
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const binary = join(
    dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)),
    'bin',
    'anvil',
  )
  const child = spawn(binary, ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    const onData = (chunk: string) => {
      output += chunk
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)
      if (!match) return
      child.stdout.off('data', onData)
      resolve(Number(match[1]))
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before listening:\n${output}`)))
  })
  // anvil logs every call on stdout; keep draining it so the pipe never fills.
  child.stdout.resume()
  return {
    url: `http://127.0.0.1:${port}`,
    chainId,
    async stop() {
      child.kill()
      await exited
    },
  }
}
