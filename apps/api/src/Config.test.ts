import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as Config from './Config.js'
import { ConfigError } from './errors.js'

const network = evmNetwork(1, 'Ethereum', 'http://127.0.0.1:8545')
const chainsFile = { version: 1, networks: [network] }

function failure(input: unknown): ConfigError {
  try {
    Config.parse(input)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('parse', () => {
  it('accepts a bare chains file and fills the defaults', () => {
    const config = Config.parse(chainsFile)
    expect(config.projects).toEqual([])
    expect(config.options.reorgSafeDepth).toBe(2)
    expect(config.options.balanceCacheTtlMs).toBe(30_000)
    expect(config.options.identityCacheTtlMs).toBe(300_000)
    expect(config.options.rateLimits.perIp.capacity).toBeGreaterThan(0)
    expect(config.options.indexer.enabled).toBe(true)
  })

  it('names the bad field', () => {
    const badUrl = failure({
      ...chainsFile,
      networks: [{ ...network, rpcUrls: { default: { http: ['nope'] } } }],
    })
    expect(badUrl.field).toBe('networks[0].rpcUrls.default.http[0]')
    expect(badUrl.message).toContain('networks[0].rpcUrls.default.http[0]')

    const badOrigin = failure({
      ...chainsFile,
      projects: [{ id: 'p', name: 'P', allowedOrigins: ['https://app.example/'] }],
    })
    expect(badOrigin.field).toBe('projects[0].allowedOrigins[0]')

    const badDepth = failure({ ...chainsFile, options: { reorgSafeDepth: -1 } })
    expect(badDepth.field).toBe('options.reorgSafeDepth')

    expect(failure({ ...chainsFile, networks: [network, network] }).field).toBe('networks[1].caipNetworkId')
  })

  it('sizes the indexer lease from the poll interval unless given, and refuses one the holder cannot renew', () => {
    const lease = (indexer: object) =>
      Config.parse({ ...chainsFile, options: { indexer } }).options.indexer.leaseMs
    expect(lease({})).toBe(10_000)
    expect(lease({ pollIntervalMs: 5_000 })).toBe(15_000)
    expect(lease({ pollIntervalMs: 50, leaseMs: 1_000 })).toBe(1_000)
    const short = failure({ ...chainsFile, options: { indexer: { pollIntervalMs: 1_000, leaseMs: 1_500 } } })
    expect(short.field).toBe('options.indexer.leaseMs')
  })

  it('takes a redis:// URL for the shared rate limits', () => {
    const redisUrl = 'redis://:secret@10.0.0.5:6379/2'
    expect(Config.parse({ ...chainsFile, options: { redisUrl } }).options.redisUrl).toBe(redisUrl)
    expect(failure({ ...chainsFile, options: { redisUrl: 'http://10.0.0.5' } }).field).toBe(
      'options.redisUrl',
    )
  })
})

describe('load', () => {
  it('reports a file that is not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wf-config-'))
    const path = join(dir, 'config.json')
    await writeFile(path, '{ nope')
    await expect(Config.load(path)).rejects.toThrow(/is not JSON/)
    await expect(Config.load(join(dir, 'missing.json'))).rejects.toThrow(/Cannot read config file/)
    await writeFile(path, JSON.stringify(chainsFile))
    expect((await Config.load(path)).networks[0]!.caipNetworkId).toBe('eip155:1')
  })

  it("reads a project's deny list from the file its review names, beside the config file", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wf-config-'))
    const path = join(dir, 'config.json')
    const project = (review: unknown) => ({ ...chainsFile, projects: [{ id: 'app', name: 'App', review }] })
    await writeFile(join(dir, 'deny.txt'), '# drainers\n0x00000000000000000000000000000000000000dd\n')
    await writeFile(path, JSON.stringify(project({ block: ['deny-listed'], denyListFile: 'deny.txt' })))
    const config = await Config.load(path)
    expect(config.projects[0]?.review).toEqual({
      block: ['deny-listed'],
      denyList: '# drainers\n0x00000000000000000000000000000000000000dd\n',
    })
    await writeFile(path, JSON.stringify(project({ denyListFile: 'missing.txt' })))
    await expect(Config.load(path)).rejects.toMatchObject({ field: 'projects[0].review.denyListFile' })
    await writeFile(join(dir, 'deny.txt'), 'not an address\n')
    await writeFile(path, JSON.stringify(project({ denyListFile: 'deny.txt' })))
    await expect(Config.load(path)).rejects.toThrow(/Deny list line 1/)
  })

  it('reads the token list from the file the image options name, beside the config file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wf-config-'))
    const path = join(dir, 'config.json')
    const withList = (tokenListFile: string) => ({ ...chainsFile, options: { images: { tokenListFile } } })
    const list = {
      name: 'Operator tokens',
      timestamp: '2026-11-27T00:00:00Z',
      version: { major: 1, minor: 0, patch: 0 },
      tokens: [
        {
          chainId: 1,
          address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          name: 'USD Coin',
          symbol: 'USDC',
          decimals: 6,
          logoURI: 'https://icons.example/usdc.png',
          tags: ['stablecoin'],
        },
      ],
    }
    await writeFile(join(dir, 'tokens.json'), JSON.stringify(list))
    await writeFile(path, JSON.stringify(withList('tokens.json')))
    const config = await Config.load(path)
    expect(config.options.images.tokenList?.tokens[0]?.logoURI).toBe('https://icons.example/usdc.png')
    expect(config.options.images.maxBytes).toBe(256 * 1024)
    await writeFile(path, JSON.stringify(withList('missing.json')))
    await expect(Config.load(path)).rejects.toMatchObject({ field: 'options.images.tokenListFile' })
    await writeFile(
      join(dir, 'tokens.json'),
      JSON.stringify({ ...list, tokens: [{ chainId: 1, logoURI: 'not a url' }] }),
    )
    await writeFile(path, JSON.stringify(withList('tokens.json')))
    await expect(Config.load(path)).rejects.toThrow(/options\.images\.tokenList\.tokens/)
  })

  it('refuses a wallet logo URL without {id}', () => {
    expect(
      failure({ ...chainsFile, options: { images: { walletLogoUrl: 'https://logos.example/a.png' } } }).field,
    ).toBe('options.images.walletLogoUrl')
  })
})
