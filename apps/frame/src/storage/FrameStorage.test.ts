import { describe, expect, it } from 'vitest'
import { blockedWindow, webStorage } from '../testing.js'
import * as FrameStorage from './FrameStorage.js'

describe('open', () => {
  it("keeps state in the frame's own storage when it works", () => {
    const local = webStorage()
    const storage = FrameStorage.open({ localStorage: local })
    expect(storage.regime).toBe('frame')
    expect(storage.mirror).toBeUndefined()
    storage.state.setItem('a', '1')
    storage.secure.setItem('b', '2')
    expect(local.getItem('a')).toBe('1')
    expect(local.getItem('b')).toBe('2')
  })

  it('lets the host keep state when the frame storage is blocked, and keeps secrets apart in memory', async () => {
    const storage = FrameStorage.open(blockedWindow)
    expect(storage.regime).toBe('host')
    expect(storage.mirror).toBe(storage.state)
    const mirror = storage.mirror as NonNullable<typeof storage.mirror>
    const persisted = new Promise<string | null>((resolve) => mirror.onPersist(resolve))
    storage.secure.setItem('walletframe:secret', 'private key')
    storage.state.setItem('walletframe:connector', '{"id":"walletConnect"}')
    const blob = await persisted
    expect(JSON.parse(blob as string)).toEqual({ 'walletframe:connector': '{"id":"walletConnect"}' })
    expect(blob).not.toContain('private key')
    expect(storage.secure.getItem('walletframe:secret')).toBe('private key')
    expect(storage.state.getItem('walletframe:secret')).toBeNull()
  })
})

describe('inMemory', () => {
  it('keeps everything in one memory storage', () => {
    const storage = FrameStorage.inMemory()
    expect(storage.regime).toBe('memory')
    expect(storage.mirror).toBeUndefined()
    storage.state.setItem('a', '1')
    expect(storage.secure.getItem('a')).toBe('1')
  })
})
