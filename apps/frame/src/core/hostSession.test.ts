import { HostConfig } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import * as HostSession from './hostSession.js'

const configOf = (projectId: string) =>
  HostConfig.parse({
    projectId,
    networks: ['eip155:1'],
    metadata: { name: 'Host', url: 'https://host.example' },
  })
const init = (projectId: string) => ({
  config: configOf(projectId),
  sdkType: 'walletframe',
  sdkVersion: '0.1.0',
})

describe('create', () => {
  it('holds no host until a handshake succeeds', () => {
    const session = HostSession.create()
    expect(session.get()).toBeUndefined()
    expect(session.config()).toBeUndefined()
  })
})

describe('start', () => {
  it('keeps the host configuration, the verified origin and the SDK of the handshake', () => {
    const session = HostSession.create()
    session.start(init('p1'), 'https://host.example')
    expect(session.get()).toEqual({
      config: configOf('p1'),
      origin: 'https://host.example',
      sdk: { type: 'walletframe', version: '0.1.0' },
    })
    expect(session.config()?.projectId).toBe('p1')
  })

  it('tells listeners of the new host', () => {
    const session = HostSession.create()
    const seen: (HostSession.HostSession | undefined)[] = []
    session.subscribe((next) => seen.push(next))
    session.start(init('p1'), 'https://a.example')
    session.start(init('p1'), 'https://b.example')
    expect(seen.map((next) => next?.origin)).toEqual(['https://a.example', 'https://b.example'])
  })
})

describe('onProjectChange', () => {
  it('is not called by the first handshake', () => {
    const session = HostSession.create()
    const changed = vi.fn()
    session.onProjectChange(changed)
    session.start(init('p1'), 'https://host.example')
    expect(changed).not.toHaveBeenCalled()
  })

  it('is not called by a handshake of the same project', () => {
    const session = HostSession.create()
    session.start(init('p1'), 'https://host.example')
    const changed = vi.fn()
    session.onProjectChange(changed)
    session.start(init('p1'), 'https://other.example')
    expect(changed).not.toHaveBeenCalled()
  })

  it('is called when a handshake brings another project, until unsubscribed', () => {
    const session = HostSession.create()
    session.start(init('p1'), 'https://host.example')
    const changed = vi.fn()
    const stop = session.onProjectChange(changed)
    session.start(init('p2'), 'https://host.example')
    expect(changed).toHaveBeenCalledOnce()
    stop()
    session.start(init('p3'), 'https://host.example')
    expect(changed).toHaveBeenCalledOnce()
  })
})
