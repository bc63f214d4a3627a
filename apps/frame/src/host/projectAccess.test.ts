import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import { resolve } from './projectAccess.js'

const network = evmNetwork(1, 'Ethereum', 'https://api.example/v1?chainId=eip155:1&projectId=p1')
const sdk = { type: 'walletframe', version: '0.1.0' }
const withApi = { apiUrl: 'https://api.example', projects: [], development: false, networks: [network] }

function api(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }))
}
const project = {
  projectId: 'p1',
  name: 'Project',
  allowedOrigins: ['https://host.example'],
  development: false,
  features: Object.fromEntries(
    [
      'balances',
      'history',
      'prices',
      'gasPrice',
      'identity',
      'rpcProxy',
      'analytics',
      'swaps',
      'onramp',
      'names',
      'email',
      'socials',
    ].map((name) => [name, true]),
  ),
  networks: [network],
}

describe('resolve', () => {
  it('uses the frame configuration when there is no API', async () => {
    const config = {
      ...withApi,
      apiUrl: undefined,
      projects: [{ projectId: 'p1', allowedOrigins: ['https://host.example'] }],
    }
    expect(await resolve({ config, projectId: 'p1', origin: 'https://host.example', sdk })).toEqual({
      networks: [network],
    })
    await expect(
      resolve({ config, projectId: 'p1', origin: 'https://evil.example', sdk }),
    ).rejects.toMatchObject({
      message: 'Invalid App Configuration',
      data: 'Origin not found on Allowlist',
    })
  })

  it('asks the API for the project and serves its networks to an allowed origin', async () => {
    const fetch = api(200, project)
    const access = await resolve({
      config: withApi,
      projectId: 'p1',
      origin: 'https://host.example',
      sdk,
      fetch,
    })
    expect(access.networks).toEqual([network])
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(
      'https://api.example/v1/projects/p1/config?projectId=p1&st=walletframe&sv=0.1.0',
    )
  })

  it('refuses an origin the project does not allow', async () => {
    await expect(
      resolve({
        config: withApi,
        projectId: 'p1',
        origin: 'https://evil.example',
        sdk,
        fetch: api(200, project),
      }),
    ).rejects.toMatchObject({ data: 'Origin not found on Allowlist' })
  })

  it('maps an unknown project, a dead API and a bad answer to Invalid App Configuration', async () => {
    const base = { config: withApi, projectId: 'nope', origin: 'https://host.example', sdk }
    await expect(
      resolve({ ...base, fetch: api(401, { error: 'Invalid Project ID' }) }),
    ).rejects.toMatchObject({
      data: 'Invalid Project ID',
    })
    const dead = vi.fn(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(resolve({ ...base, fetch: dead })).rejects.toMatchObject({
      message: 'Invalid App Configuration',
    })
    await expect(resolve({ ...base, fetch: api(200, { nope: true }) })).rejects.toMatchObject({
      data: 'The Walletframe API sent an invalid project config',
    })
  })
})
