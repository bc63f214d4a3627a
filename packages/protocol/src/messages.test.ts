import { describe, expect, it } from 'vitest'
import {
  FrameRequest,
  HostConfig,
  HostEvent,
  HostInit,
  HostRequest,
  HostToFrame,
  Response,
  ThemeVariables,
} from './messages.js'

const config = {
  projectId: 'local-dev',
  networks: ['eip155:1'],
  metadata: { name: 'Demo', url: 'https://demo.example' },
}

describe('HostConfig', () => {
  it('fills the defaults: no description or icons, no features, dark theme, logger off', () => {
    expect(HostConfig.parse(config)).toEqual({
      ...config,
      metadata: { name: 'Demo', url: 'https://demo.example', description: '', icons: [] },
      features: {},
      themeMode: 'dark',
      themeVariables: {},
      enableLogger: false,
    })
  })
  it('keeps what the host sets', () => {
    const parsed = HostConfig.parse({
      ...config,
      themeMode: 'light',
      features: { socials: ['google'] },
      siwx: { required: true },
    })
    expect(parsed).toMatchObject({
      themeMode: 'light',
      features: { socials: ['google'] },
      siwx: { required: true },
    })
    expect(HostConfig.parse({ ...config, siwx: {} }).siwx).toEqual({ required: false })
  })
  for (const [name, value] of [
    ['no networks', { ...config, networks: [] }],
    ['a bad network id', { ...config, networks: ['1'] }],
    ['a bad default network', { ...config, defaultNetwork: 'eip155' }],
    ['an empty project id', { ...config, projectId: '' }],
    ['metadata without a url', { ...config, metadata: { name: 'Demo' } }],
    ['an unknown theme mode', { ...config, themeMode: 'system' }],
    ['a sign-in requirement that is not a boolean', { ...config, siwx: { required: 'yes' } }],
    ['socials: true', { ...config, features: { socials: true } }],
    ['a locale that is not a language tag', { ...config, locale: 'ja_JP' }],
    ['a locale with markup', { ...config, locale: 'en"><img>' }],
  ] as const)
    it(`rejects ${name}`, () => expect(HostConfig.safeParse(value).success).toBe(false))

  it('takes a language tag as the locale, and none by default', () => {
    expect(HostConfig.parse({ ...config, locale: 'pt-BR' }).locale).toBe('pt-BR')
    expect(HostConfig.parse(config).locale).toBeUndefined()
  })
})

describe('ThemeVariables', () => {
  it('accepts --wf- custom properties', () => {
    expect(ThemeVariables.safeParse({ '--wf-accent': '#47a1ff', '--wf-font-size-10': '10px' }).success).toBe(
      true,
    )
  })
  it('rejects other names and very long values', () => {
    expect(ThemeVariables.safeParse({ color: 'red' }).success).toBe(false)
    expect(ThemeVariables.safeParse({ '--wf-accent': 'x'.repeat(201) }).success).toBe(false)
  })
})

describe('HostInit', () => {
  it('defaults sdkType to walletframe', () => {
    const init = HostInit.parse({
      channel: 'walletframe',
      type: 'host:init',
      version: 1,
      sdkVersion: '0.1.0',
      config,
    })
    expect(init.sdkType).toBe('walletframe')
  })
})

describe('HostRequest', () => {
  it('defaults open params to {}', () => {
    expect(HostRequest.parse({ kind: 'request', id: 1, method: 'open' })).toEqual({
      kind: 'request',
      id: 1,
      method: 'open',
      params: {},
    })
  })
  it('rejects an unknown view', () => {
    expect(
      HostRequest.safeParse({ kind: 'request', id: 1, method: 'open', params: { view: 'Nope' } }).success,
    ).toBe(false)
  })
  it('rejects switchNetwork to a non-CAIP id', () => {
    expect(
      HostRequest.safeParse({
        kind: 'request',
        id: 1,
        method: 'switchNetwork',
        params: { caipNetworkId: '1' },
      }).success,
    ).toBe(false)
  })
  it('rejects an rpc without a method', () => {
    expect(
      HostRequest.safeParse({ kind: 'request', id: 1, method: 'rpc', params: { method: '' } }).success,
    ).toBe(false)
  })
})

describe('Response', () => {
  it('reads an error answer as an error even when a result key is present', () => {
    const parsed = Response.parse({
      kind: 'response',
      id: 1,
      result: 1,
      error: { code: 4001, message: 'no' },
    })
    expect('error' in parsed && parsed.error).toEqual({ code: 4001, message: 'no' })
  })
  it('refuses a result answer that carries a malformed error', () => {
    expect(Response.safeParse({ kind: 'response', id: 1, error: 'junk' }).success).toBe(false)
  })
})

describe('FrameRequest', () => {
  it('accepts injected:request with optional params', () => {
    expect(
      FrameRequest.safeParse({
        kind: 'request',
        id: 0,
        method: 'injected:request',
        params: { rdns: 'io.metamask', method: 'eth_accounts' },
      }).success,
    ).toBe(true)
  })
  it('rejects a missing rdns', () => {
    expect(
      FrameRequest.safeParse({
        kind: 'request',
        id: 0,
        method: 'injected:request',
        params: { method: 'eth_accounts' },
      }).success,
    ).toBe(false)
  })
})

describe('HostEvent', () => {
  const event = (data: unknown) => ({ kind: 'event', event: 'injected:event', data })

  it('carries an EIP-1193 event of a host-page wallet, and is part of HostToFrame', () => {
    for (const message of [
      event({ rdns: 'io.metamask', event: 'accountsChanged', data: ['0xabc'] }),
      event({ rdns: 'io.metamask', event: 'chainChanged', data: '0x1' }),
      event({ rdns: 'io.metamask', event: 'disconnect', data: { code: 4900, message: 'Disconnected' } }),
    ]) {
      expect(HostEvent.safeParse(message).success).toBe(true)
      expect(HostToFrame.safeParse(message).success).toBe(true)
    }
  })

  it('rejects other events, an empty rdns and a missing data key', () => {
    for (const message of [
      event({ rdns: 'io.metamask', event: 'connect', data: { chainId: '0x1' } }),
      event({ rdns: '', event: 'chainChanged', data: '0x1' }),
      event({ rdns: 'io.metamask', event: 'chainChanged' }),
      { kind: 'event', event: 'state', data: { rdns: 'io.metamask', event: 'chainChanged', data: '0x1' } },
    ])
      expect(HostToFrame.safeParse(message).success).toBe(false)
  })
})
