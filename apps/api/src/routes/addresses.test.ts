// Account addresses are checked for what they are, not only for how they look: a Solana-looking string
// that is not a 32-byte key is the caller's 400 — against the devstack's Solana RPC it used to reach
// the node and come back as a 502 "RPC endpoint unavailable".
import { startDevstack } from '@walletframe/devstack'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import * as Database from '../db/Database.js'
import * as Projects from '../db/projects.js'
import { InvalidRequestError } from '../errors.js'
import { base58ByteLength, isSolanaSignature, parseAccount } from './addresses.js'

// The right alphabet and length (32 to 44 characters, not hex), the wrong size.
/** 8 zero bytes, then 27 bytes of number: 35. */
const tooLong = `${'1'.repeat(8)}${'z'.repeat(36)}`
/** 24 bytes. */
const tooShort = 'z'.repeat(32)

describe('base58ByteLength', () => {
  it('counts leading 1s as zero bytes and the rest as one number', () => {
    expect(base58ByteLength('')).toBe(0)
    expect(base58ByteLength('1'.repeat(32))).toBe(32)
    expect(base58ByteLength('So11111111111111111111111111111111111111112')).toBe(32)
    expect(base58ByteLength('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(32)
    expect(base58ByteLength(tooLong)).toBe(35)
    expect(base58ByteLength(tooShort)).toBe(24)
  })

  it('is undefined for characters outside the alphabet', () => {
    for (const value of ['0', 'O', 'I', 'l', 'a\u0000']) expect(base58ByteLength(value)).toBeUndefined()
  })
})

describe('isSolanaSignature', () => {
  it('accepts base58 of exactly 64 bytes', () => {
    expect(isSolanaSignature('1'.repeat(64))).toBe(true)
    expect(isSolanaSignature('1'.repeat(63))).toBe(false)
    expect(isSolanaSignature('z'.repeat(88))).toBe(false)
  })
})

describe('parseAccount', () => {
  it('accepts a 32-byte Solana key, plain or as CAIP-10', () => {
    const key = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
    expect(parseAccount(key, 'address')).toEqual({ namespace: 'solana', address: key })
    expect(parseAccount(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${key}`, 'address')).toEqual({
      namespace: 'solana',
      address: key,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it('refuses Solana-looking strings that are not 32 bytes, naming the size', () => {
    for (const value of [tooLong, tooShort, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${tooLong}`]) {
      expect(() => parseAccount(value, 'account')).toThrow(InvalidRequestError)
    }
    expect(() => parseAccount(tooLong, 'account')).toThrow(
      'Invalid account: a Solana address is 32 bytes in base58; this one decodes to 35',
    )
  })

  it('refuses an EVM address whose mixed case is not its EIP-55 checksum', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(parseAccount(address, 'address')).toMatchObject({ namespace: 'eip155', address })
    expect(parseAccount(address.toLowerCase(), 'address')).toMatchObject({ address })
    expect(() => parseAccount(address.replace('0xf', '0xF'), 'address')).toThrow('EIP-55 checksum')
  })
})

describe('a Solana-looking address that is not a 32-byte key, against the Solana RPC', () => {
  let stack: Awaited<ReturnType<typeof startDevstack>>
  let database: Database.Database
  let api: ReturnType<typeof createApi>

  beforeAll(async () => {
    stack = await startDevstack({ quiet: true, evm: false, relay: false })
    database = await Database.open()
    await database.migrate()
    await Projects.upsert(database.db, { id: 'app', name: 'App', allowedOrigins: [] })
    api = createApi({ config: Config.parse(stack.chainsFile), db: database.db })
  })
  afterAll(async () => {
    await database?.close()
    await stack?.stop()
  })

  const solana = () => stack.chainsFile.networks[0]!.caipNetworkId

  it.each([
    ['history', 'account', (a: string) => `/v1/account/${a}/history?projectId=app`],
    ['balance without chainId', 'address', (a: string) => `/v1/account/${a}/balance?projectId=app`],
    [
      'balance with chainId',
      'address',
      (a: string) => `/v1/account/${a}/balance?projectId=app&chainId=${solana()}`,
    ],
  ])('%s answers 400 naming the field, not 502', async (_, field, path) => {
    for (const address of [tooLong, tooShort]) {
      const response = await api.request(path(address))
      expect(response.status, address).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field })
    }
    // A real key of the same network is served.
    const owner = stack.chainsFile.accounts.solana[0]!.address
    expect((await api.request(path(owner))).status).toBe(200)
  })
})
