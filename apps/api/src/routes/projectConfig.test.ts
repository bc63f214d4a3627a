// GET /v1/projects/{projectId}/config: what the frame learns about its project. Every network comes
// back behind this API's own proxies (its upstream URLs may carry provider keys), and the features
// follow from what the config serves.
import { ProjectConfigResponse } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import * as Config from '../Config.js'
import { createApi } from '../createApi.js'
import { expectFieldError, quickestBackend, routeHarness } from '../internal/testing.js'

const app = 'https://app.test'
const upstream = 'http://node.invalid/secret-key'
/** The network's node: answers eth_chainId for chain 1, one call or a batch. */
const node = (async (_url: string, init: RequestInit) => {
  const payload = JSON.parse(String(init.body)) as { id: number; method: string }[] | { id: number }
  const answer = (call: { id: number }) => ({ jsonrpc: '2.0', id: call.id, result: '0x1' })
  return Response.json(Array.isArray(payload) ? payload.map(answer) : answer(payload))
}) as typeof fetch
/** A swap router on chain 1: what turns the swaps feature on. */
const swapContracts = {
  swapFeeRouter: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  weth9: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
}

const leg = await quickestBackend('project_config')
const h = routeHarness(leg, {
  networks: [{ ...evmNetwork(1, 'Ethereum', upstream), contracts: swapContracts }, evmNetwork(8453, 'Base')],
  projects: [
    { id: 'app', name: 'App', allowedOrigins: [app] },
    {
      id: 'guarded',
      name: 'Guarded',
      allowedOrigins: [app],
      review: { denyList: '0x00000000000000000000000000000000000d7a1e # drainer\n' },
    },
  ],
  fetch: node,
})

describe('GET /v1/projects/{projectId}/config', () => {
  it('serves the project config with networks behind the API proxy', async () => {
    const response = await h.api.request('/v1/projects/app/config', { headers: { origin: app } })
    expect(response.status).toBe(200)
    const config = ProjectConfigResponse.parse(await response.json())
    expect(config).toMatchObject({ projectId: 'app', allowedOrigins: [app], development: false })
    expect(config.features).toMatchObject({
      balances: true,
      history: true,
      analytics: true,
      identity: false,
      // Chain 1 carries the swap fee router.
      swaps: true,
    })
    const mainnet = config.networks.find((n) => n.caipNetworkId === 'eip155:1')!
    const rpcUrl = mainnet.rpcUrls.default.http[0]!
    expect(rpcUrl).toBe('http://localhost/v1?chainId=eip155%3A1&projectId=app')
    expect(JSON.stringify(config)).not.toContain(upstream)
    // The URL works: through the proxy to the node.
    const client = createPublicClient({
      transport: http(rpcUrl, { fetchFn: async (input, init) => h.api.request(String(input), init) }),
    })
    expect(await client.getChainId()).toBe(1)
    expect((await h.api.request('/v1/projects/nope/config')).status).toBe(401)
  })

  it('builds its URLs on publicUrl, puts bundlers behind the bundler proxy, and turns features on from the config', async () => {
    const api = createApi({
      config: Config.parse({
        version: 1,
        networks: [
          {
            ...evmNetwork(8453, 'Base', upstream),
            bundlerUrl: 'http://bundler.invalid/secret-key',
            contracts: { ensUniversalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' },
          },
        ],
        options: { publicUrl: 'https://api.example.test', onramp: { url: 'http://onramp.invalid' } },
      }),
      db: h.database.db,
    })
    const config = ProjectConfigResponse.parse(await (await api.request('/v1/projects/app/config')).json())
    expect(config.networks).toHaveLength(1)
    expect(config.networks[0]!.rpcUrls.default.http).toEqual([
      'https://api.example.test/v1?chainId=eip155%3A8453&projectId=app',
    ])
    expect(config.networks[0]!.bundlerUrl).toBe(
      'https://api.example.test/v1/bundler?chainId=eip155%3A8453&projectId=app&bundler=pimlico',
    )
    expect(JSON.stringify(config)).not.toContain('secret-key')
    expect(config.features).toMatchObject({ identity: true, onramp: true, swaps: false })
  })

  it("carries the project's deny list, for the frame to check a request the review does not answer in time", async () => {
    const guarded = ProjectConfigResponse.parse(
      await (await h.api.request('/v1/projects/guarded/config', { headers: { origin: app } })).json(),
    )
    expect(guarded.denyList).toBe('0x00000000000000000000000000000000000d7a1e # drainer\n')
    const plain = ProjectConfigResponse.parse(
      await (await h.api.request('/v1/projects/app/config', { headers: { origin: app } })).json(),
    )
    expect(plain.denyList).toBeUndefined()
  })

  it('answers an SDK version over 64 characters with 400 naming sv', async () => {
    await expectFieldError(await h.api.request(`/v1/projects/app/config?sv=${'x'.repeat(65)}`), 'sv')
  })
})
