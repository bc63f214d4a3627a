import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChainsFile } from '@walletframe/protocol/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevstack } from './Devstack.js'
import { ChildProcessError } from './errors.js'
import { imageSettings } from './imageSettings.js'
import type { Service } from './Service.js'

async function chainId(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  return ((await response.json()) as { result: string }).result
}

function rpcUrls(file: ChainsFile): string[] {
  return file.networks.flatMap((network) => network.rpcUrls.default.http)
}

let dir: string
let stacks: Awaited<ReturnType<typeof startDevstack>>[] = []
const serviceStops: string[] = []

const echoService: Service = {
  name: 'echo',
  async start({ networks }) {
    return {
      urls: { echo: `http://127.0.0.1:1/${networks.length}` },
      async stop() {
        serviceStops.push('echo')
      },
    }
  },
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'devstack-'))
  // Two full stacks at once, as parallel test files start them.
  stacks = await Promise.all([
    startDevstack({ quiet: true, out: join(dir, 'chains.json'), services: [echoService] }),
    startDevstack({ quiet: true }),
  ])
})

afterAll(async () => {
  await Promise.all(stacks.map((stack) => stack.stop()))
  await rm(dir, { recursive: true, force: true })
})

describe('startDevstack', () => {
  it('runs two stacks side by side on distinct ports', async () => {
    const [first, second] = stacks.map((stack) => rpcUrls(stack.chainsFile))
    expect(first).toHaveLength(3)
    expect(new Set([...first!, ...second!]).size).toBe(6)
    for (const url of [...first!, ...second!].filter((_, index) => index % 3 !== 2)) {
      expect(['0x1', '0x2105']).toContain(await chainId(url))
    }
  })

  it('writes a chains file that validates against the protocol schema', async () => {
    const written = ChainsFile.parse(JSON.parse(await readFile(join(dir, 'chains.json'), 'utf8')))
    expect(written).toEqual(stacks[0]!.chainsFile)
    expect(written.networks.map((network) => network.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:8453',
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    ])
    expect(written.accounts.evm).toHaveLength(10)
    expect(written.accounts.solana).toHaveLength(10)
    expect(written.accounts.evm[0]?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(Object.keys(written.services).sort()).toEqual([
      'echo',
      'farcaster',
      'farcasterRpc',
      'images',
      'mail',
      'nftMetadata',
      'oauth',
      'onramp',
      'relay',
      'smtp',
    ])
    expect(written.services.relay).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    // The extra service saw the three networks that started before it.
    expect(written.services.echo).toMatch(/\/3$/)
  })

  it('serves real logo and icon bytes, and names them for the API like an operator would', async () => {
    const { chainsFile } = stacks[0]!
    const images = chainsFile.services.images!
    const logo = await fetch(`${images}/wallets/metamask.svg`)
    expect(logo.headers.get('content-type')).toBe('image/svg+xml')
    expect(await logo.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect((await fetch(`${images}/wallets/..%2Fsecret.svg`)).status).toBe(404)
    // Each native currency's icon on the network, each fixture token in the token list with its own.
    for (const network of chainsFile.networks)
      expect(network.nativeCurrency.iconUrl).toMatch(new RegExp(`^${images}/tokens/(ETH|SOL)\\.svg$`))
    const settings = imageSettings(chainsFile)
    expect(settings.walletLogoUrl).toBe(`${images}/wallets/{id}.svg`)
    const usdc = settings.tokenList?.tokens.find((token) => token.chainId === 1 && token.symbol === 'USDC')
    expect(usdc?.logoURI).toBe(`${images}/tokens/USDC.svg`)
    const icon = await fetch(usdc!.logoURI!)
    expect(icon.status).toBe(200)
    expect(await icon.text()).toContain('<circle')
  })

  it('stops every child and server', async () => {
    const extra = await startDevstack({ quiet: true, solana: false, services: [echoService] })
    const urls = rpcUrls(extra.chainsFile)
    await extra.stop()
    for (const url of [...urls, extra.chainsFile.services.nftMetadata!]) {
      await expect(fetch(url)).rejects.toThrow()
    }
    expect(serviceStops).toContain('echo')
  })

  it('reports a child that dies while the stack runs', async () => {
    const crashes: ChildProcessError[] = []
    let resolve = () => {}
    const reported = new Promise<void>((done) => {
      resolve = done
    })
    const extra = await startDevstack({
      quiet: true,
      solana: false,
      onCrash: (error) => {
        crashes.push(error)
        resolve()
      },
    })
    try {
      expect(extra.children.map((child) => child.name).sort()).toEqual([
        'anvil (chain 1)',
        'anvil (chain 8453)',
      ])
      const ethereum = extra.children.find((child) => child.name === 'anvil (chain 1)')!
      process.kill(ethereum.pid, 'SIGKILL')
      await reported
      expect(crashes[0]).toBeInstanceOf(ChildProcessError)
      expect(crashes[0]?.code).toBe('CHILD_PROCESS_FAILED')
      expect(crashes[0]?.message).toContain('anvil (chain 1) exited unexpectedly')
    } finally {
      await extra.stop()
    }
  })
})
