import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { main } from './cli.js'
import * as Keys from './keys.js'
import * as Kit from './kit.js'
import * as KitSecret from './kitSecret.js'

const password = 'correct horse battery'
const entropy = globalThis.crypto.getRandomValues(new Uint8Array(16))
const addresses = Keys.fromEntropy(entropy).addresses
let dir: string
let kitFile: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'walletframe-recover-'))
  kitFile = join(dir, 'kit.json')
  await writeFile(kitFile, JSON.stringify(await Kit.seal({ entropy, password, iterations: 100_000 })))
  await writeFile(join(dir, 'password'), `${password}\n`)
  await writeFile(join(dir, 'wrong'), 'not the password\n')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Runs the command with `stdin` piped in; answers its exit code and output. */
async function run(argv: string[], stdin = '') {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdin: Readable.from([stdin]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  })
  return { code, stdout, stderr }
}

describe('main', () => {
  it('prints the addresses the kit rebuilds, the password from a file', async () => {
    const { code, stdout } = await run([kitFile, '--password-file', join(dir, 'password')])
    expect(code).toBe(0)
    expect(stdout).toContain(`EVM address     ${addresses.eip155}`)
    expect(stdout).toContain(`Solana address  ${addresses.solana}`)
    expect(stdout).not.toContain('Recovery phrase')
  })

  it('opens no connection: neither a socket nor fetch is used', async () => {
    const connect = vi.spyOn(Socket.prototype, 'connect')
    const fetch = vi.spyOn(globalThis, 'fetch')
    try {
      const { code } = await run([kitFile, '--reveal', '--password-file', join(dir, 'password')])
      expect(code).toBe(0)
      expect(connect).not.toHaveBeenCalled()
      expect(fetch).not.toHaveBeenCalled()
    } finally {
      connect.mockRestore()
      fetch.mockRestore()
    }
  })

  it('reads the password from piped stdin', async () => {
    const { code, stdout } = await run([kitFile], `${password}\n`)
    expect(code).toBe(0)
    expect(stdout).toContain(addresses.eip155)
  })

  it('prints the phrase and keys with --reveal', async () => {
    const { code, stdout } = await run([kitFile, '--reveal'], password)
    expect(code).toBe(0)
    const phrase = /Recovery phrase {4}(.+)/.exec(stdout)?.[1]
    expect(phrase).toBe(Keys.secretsOf(entropy).mnemonic)
    const evmKey = /EVM private key {4}(0x[0-9a-f]{64})/.exec(stdout)?.[1] as `0x${string}`
    expect(privateKeyToAccount(evmKey).address).toBe(addresses.eip155)
  })

  it('fails with the wrong password, naming the error, and prints no address', async () => {
    const { code, stdout, stderr } = await run([kitFile, '--password-file', join(dir, 'wrong')])
    expect(code).toBe(1)
    expect(stderr).toMatch(/^WRONG_KIT_PASSWORD: /)
    expect(stdout).toBe('')
  })

  it('fails on a tampered kit', async () => {
    const kit = JSON.parse(await readFile(kitFile, 'utf8'))
    const other = Keys.fromEntropy(new Uint8Array(16)).addresses
    const tampered = join(dir, 'tampered.json')
    await writeFile(tampered, JSON.stringify({ ...kit, addresses: other }))
    const { code, stdout, stderr } = await run([tampered, '--password-file', join(dir, 'password')])
    expect(code).toBe(1)
    expect(stderr).toMatch(/^RECOVERY_KIT_TAMPERED: /)
    expect(stdout).toBe('')
  })

  it('opens a kit sealed under a kit secret with that secret as written down', async () => {
    const secret = await KitSecret.derive(globalThis.crypto.getRandomValues(new Uint8Array(32)), addresses)
    const secretKit = join(dir, 'secret-kit.json')
    await writeFile(
      secretKit,
      JSON.stringify(
        await Kit.seal({ entropy, password: secret, protection: 'kit-secret', iterations: 100_000 }),
      ),
    )
    const { code, stdout } = await run([secretKit], `${secret.toLowerCase()}\n`)
    expect(code).toBe(0)
    expect(stdout).toContain(`EVM address     ${addresses.eip155}`)
    const wrong = await run([secretKit], password)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/^WRONG_KIT_PASSWORD: The kit secret/)
  })

  it('answers 2 with the usage when no kit is named', async () => {
    const { code, stderr } = await run([])
    expect(code).toBe(2)
    expect(stderr).toContain('Usage: walletframe-recover')
  })
})
