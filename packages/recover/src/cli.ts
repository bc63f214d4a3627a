// walletframe-recover: opens a recovery kit offline and prints the addresses it rebuilds, and with
// --reveal the recovery phrase and private keys. It opens no socket: the kit and the password are all
// it needs, so the wallet outlives every Walletframe server.
import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { RecoverError } from './errors.js'
import * as Keys from './keys.js'
import * as Kit from './kit.js'

export const usage = `Usage: walletframe-recover <kit.json> [--password-file <path>] [--reveal]

Opens a Walletframe recovery kit with its recovery password, or the kit secret the wallet showed
for a kit of a passkey wallet (asked on stdin, or read from --password-file), and prints the EVM and Solana addresses it rebuilds. --reveal also prints the
recovery phrase and the private keys: anyone who sees them can move the wallet's funds.`

export type Io = {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** A password file or piped stdin ends with one newline that is not part of the password. */
const withoutNewline = (text: string) => text.replace(/\r?\n$/, '')

async function askPassword(io: Io, label: string): Promise<string> {
  if (!io.stdin.isTTY) {
    let text = ''
    for await (const chunk of io.stdin) text += chunk.toString()
    return withoutNewline(text)
  }
  io.stderr.write(`${label}: `)
  // The terminal echoes what readline writes; a sink keeps the password off the screen.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() })
  const reader = createInterface({ input: io.stdin, output: silent, terminal: true })
  try {
    return await reader.question('')
  } finally {
    reader.close()
    io.stderr.write('\n')
  }
}

function parseArguments(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      'password-file': { type: 'string' },
      reveal: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
}

/** Runs the command; answers the exit code (0 opened, 1 the kit did not open, 2 a usage error). */
export async function main(argv: readonly string[], io: Io = process): Promise<number> {
  let args: ReturnType<typeof parseArguments>
  try {
    args = parseArguments(argv)
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${usage}\n`)
    return 2
  }
  const [file, ...extra] = args.positionals
  if (args.values.help) {
    io.stdout.write(`${usage}\n`)
    return 0
  }
  if (!file || extra.length > 0) {
    io.stderr.write(`${usage}\n`)
    return 2
  }
  try {
    const kit = Kit.parse(await readFile(file, 'utf8'))
    const passwordFile = args.values['password-file']
    const password = passwordFile
      ? withoutNewline(await readFile(passwordFile, 'utf8'))
      : await askPassword(io, kit.protection === 'kit-secret' ? 'Kit secret' : 'Recovery password')
    const { entropy, keys } = await Kit.open(kit, password)
    io.stdout.write(
      [
        `EVM address     ${keys.addresses.eip155}  (${Keys.evmPath})`,
        `Solana address  ${keys.addresses.solana}  (${Keys.solanaPath})`,
        '',
      ].join('\n'),
    )
    if (args.values.reveal) {
      const secrets = Keys.secretsOf(entropy)
      io.stderr.write(
        'Anyone who sees what follows can move this wallet’s funds. Keep it off shared screens.\n',
      )
      io.stdout.write(
        [
          `Recovery phrase    ${secrets.mnemonic}`,
          `EVM private key    ${secrets.evmPrivateKey}`,
          `Solana secret key  ${secrets.solanaSecretKey}  (base58 of seed || public key)`,
          '',
        ].join('\n'),
      )
    }
    return 0
  } catch (error) {
    if (error instanceof RecoverError) {
      io.stderr.write(`${error.code}: ${error.message}\n`)
      return 1
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      io.stderr.write(`${(error as Error).message}\n`)
      return 1
    }
    throw error
  }
}
