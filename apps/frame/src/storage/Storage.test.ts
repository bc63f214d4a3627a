import { describe, expect, it } from 'vitest'
import { blockedWindow, webStorage } from '../testing.js'
import { fromWebStorage, memory, probe, readJson, scoped } from './Storage.js'

describe('probe', () => {
  it("returns the window's localStorage when it can be written", () => {
    const local = webStorage()
    expect(probe({ localStorage: local })).toBe(local)
    // The probe leaves nothing behind.
    expect(local.length).toBe(0)
  })

  it('returns undefined when reading localStorage throws a SecurityError (third-party storage blocked)', () => {
    expect(probe(blockedWindow)).toBeUndefined()
  })

  it('returns undefined when setItem throws', () => {
    expect(probe({ localStorage: webStorage({ failWrites: () => true }) })).toBeUndefined()
  })
})

describe('fromWebStorage', () => {
  it('reads and writes through to the Web Storage', () => {
    const local = webStorage()
    const storage = fromWebStorage(local)
    storage.setItem('a', '1')
    expect(local.getItem('a')).toBe('1')
    expect(storage.getItem('a')).toBe('1')
    storage.removeItem('a')
    expect(local.getItem('a')).toBeNull()
    expect(storage.getItem('a')).toBeNull()
  })

  it('keeps a value in memory when the Web Storage refuses the write (quota)', () => {
    let full = false
    const local = webStorage({ failWrites: () => full })
    const storage = fromWebStorage(local)
    storage.setItem('saved', '1')
    full = true
    storage.setItem('kept', '2')
    expect(local.getItem('kept')).toBeNull()
    expect(storage.getItem('kept')).toBe('2')
    expect(storage.keys().sort()).toEqual(['kept', 'saved'])
  })

  it('forgets a value kept in memory once removed', () => {
    const storage = fromWebStorage(webStorage({ failWrites: () => true }))
    storage.setItem('kept', '2')
    storage.removeItem('kept')
    expect(storage.getItem('kept')).toBeNull()
    expect(storage.keys()).toEqual([])
  })

  it('moves a value kept in memory back to the Web Storage when a later write succeeds', () => {
    let full = true
    const local = webStorage({ failWrites: () => full })
    const storage = fromWebStorage(local)
    storage.setItem('a', '1')
    full = false
    storage.setItem('a', '2')
    expect(local.getItem('a')).toBe('2')
    expect(storage.getItem('a')).toBe('2')
    expect(storage.keys()).toEqual(['a'])
  })
})

describe('memory', () => {
  it('starts with the initial entries and lists its keys', () => {
    const storage = memory([['a', '1']])
    storage.setItem('b', '2')
    expect(storage.getItem('a')).toBe('1')
    expect(storage.keys()).toEqual(['a', 'b'])
    storage.removeItem('a')
    expect(storage.getItem('a')).toBeNull()
  })
})

describe('scoped', () => {
  it('prefixes keys in the underlying storage and lists only its own keys, unprefixed', () => {
    const storage = memory([['other', 'x']])
    const area = scoped(storage, 'wc:')
    area.setItem('session', '1')
    expect(storage.getItem('wc:session')).toBe('1')
    expect(area.getItem('session')).toBe('1')
    expect(area.getItem('other')).toBeNull()
    expect(area.keys()).toEqual(['session'])
    area.removeItem('session')
    expect(storage.keys()).toEqual(['other'])
  })
})

describe('readJson', () => {
  it('parses a stored JSON value', () => {
    expect(readJson(memory([['a', '{"b":1}']]), 'a')).toEqual({ b: 1 })
  })

  it('reads a missing value as undefined', () => {
    expect(readJson(memory(), 'a')).toBeUndefined()
  })

  it('reads a value that is not JSON as undefined', () => {
    expect(readJson(memory([['a', '{not json']]), 'a')).toBeUndefined()
  })
})
