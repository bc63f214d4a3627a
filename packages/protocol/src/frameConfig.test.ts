import { describe, expect, it } from 'vitest'
import { FrameConfig } from './frameConfig.js'
import { getBuiltinNetwork } from './networks/catalog.js'

describe('FrameConfig', () => {
  it('resolves network ids and overrides to full networks', () => {
    const config = FrameConfig.parse({
      networks: [
        'eip155:1',
        { caipNetworkId: 'eip155:8453', rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } },
      ],
    })
    expect(config.networks).toEqual([
      getBuiltinNetwork('eip155:1'),
      { ...getBuiltinNetwork('eip155:8453'), rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } },
    ])
  })

  it('needs a network without an apiUrl, and none with one', () => {
    expect(FrameConfig.safeParse({}).error?.issues).toMatchObject([{ path: ['networks'] }])
    expect(FrameConfig.parse({ apiUrl: 'https://api.example' }).networks).toEqual([])
  })

  it('names the entry a built-in id is missing from', () => {
    const result = FrameConfig.safeParse({ networks: ['eip155:1', 'eip155:31337'] })
    expect(result.error?.issues).toMatchObject([
      {
        path: ['networks', 1],
        message: 'eip155:31337 is not a built-in network; give name, nativeCurrency and rpcUrls',
      },
    ])
  })
})
