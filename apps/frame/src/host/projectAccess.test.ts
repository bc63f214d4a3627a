import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it, vi } from 'vitest'
import * as Client from '../data/client.js'
import { resolve } from './projectAccess.js'

const network = evmNetwork(1, 'Ethereum', 'https://api.example/v1?chainId=eip155:1&projectId=p1')
const sdk = { type: 'walletframe', version: '0.1.0' }
const clientOf = (fetch: typeof globalThis.fetch) =>
  Client.create({ apiUrl: 'https://api.example', projectId: () => 'p1', sdk: () => sdk, fetch })
const withApi = { projects: [], development: false, networks: [network] }

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
      projects: [{ projectId: 'p1', allowedOrigins: ['https://host.example'] }],
    }
    expect(
      await resolve({ config, client: undefined, projectId: 'p1', origin: 'https://host.example' }),
    ).toEqual({
      networks: [network],
    })
    await expect(
      resolve({ config, client: undefined, projectId: 'p1', origin: 'https://evil.example' }),
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
      client: clientOf(fetch),
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
        client: clientOf(api(200, project)),
      }),
    ).rejects.toMatchObject({ data: 'Origin not found on Allowlist' })
  })

  it('answers an unknown project as a known one that does not allow the origin', async () => {
    const unknown = () => clientOf(api(401, { error: 'Invalid Project ID', code: 'INVALID_PROJECT_ID' }))
    const base = { config: withApi, projectId: 'nope', origin: 'https://evil.example' }
    const refusedUnknown = await resolve({ ...base, client: unknown() }).catch((error: unknown) => error)
    const refusedKnown = await resolve({
      ...base,
      projectId: 'p1',
      client: clientOf(api(200, project)),
    }).catch((error: unknown) => error)
    expect(refusedUnknown).toMatchObject({
      code: 4100,
      message: 'Invalid App Configuration',
      data: 'Origin not found on Allowlist',
    })
    expect(refusedUnknown).toEqual(refusedKnown)
    // A development origin (allowed for every project) is told the id is wrong.
    await expect(
      resolve({
        ...base,
        config: { ...withApi, development: true },
        origin: 'http://localhost:5173',
        client: unknown(),
      }),
    ).rejects.toMatchObject({ data: 'Invalid Project ID' })
  })

  it('reports a dead API, a failing API and a bad answer as the service, not the host configuration', async () => {
    const base = { config: withApi, projectId: 'p1', origin: 'https://host.example' }
    const dead = vi.fn(async () => {
      throw new TypeError('fetch failed')
    })
    const unavailable = {
      code: 4900,
      message: 'Walletframe could not reach its service. Check the connection, then try again.',
    }
    await expect(resolve({ ...base, client: clientOf(dead) })).rejects.toMatchObject({
      ...unavailable,
      data: 'The Walletframe API did not answer (TypeError)',
    })
    await expect(resolve({ ...base, client: clientOf(api(502, {})) })).rejects.toMatchObject({
      ...unavailable,
      data: 'The Walletframe API failed with HTTP 502',
    })
    await expect(resolve({ ...base, client: clientOf(api(200, { nope: true })) })).rejects.toMatchObject({
      ...unavailable,
      data: 'The Walletframe API sent an unexpected answer for /v1/projects/p1/config',
    })
  })
})
