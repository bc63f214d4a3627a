import { describe, expect, it } from 'vitest'
import * as KeyValueStorage from './KeyValueStorage.js'
import * as Storage from './Storage.js'

describe('create', () => {
  it('round-trips values through setItem, getItem, getEntries, getKeys and removeItem', async () => {
    const kv = KeyValueStorage.create(Storage.memory())
    const session = { topic: 't1', expiry: 123, namespaces: { eip155: { accounts: ['eip155:1:0xabc'] } } }
    await kv.setItem('session', session)
    await kv.setItem('count', 2)
    expect(await kv.getItem('session')).toEqual(session)
    expect(await kv.getKeys()).toEqual(['session', 'count'])
    expect(await kv.getEntries()).toEqual([
      ['session', session],
      ['count', 2],
    ])
    await kv.removeItem('session')
    expect(await kv.getItem('session')).toBeUndefined()
    expect(await kv.getKeys()).toEqual(['count'])
  })

  it('prefixes keys in the underlying storage and lists only its own', async () => {
    const storage = Storage.memory([['walletframe:connector', '{}']])
    const kv = KeyValueStorage.create(storage)
    await kv.setItem('core', { a: 1 })
    expect(storage.getItem('wc:core')).toBe('{"a":1}')
    expect(await kv.getKeys()).toEqual(['core'])
    const custom = KeyValueStorage.create(storage, 'other:')
    await custom.setItem('core', 1)
    expect(storage.getItem('other:core')).toBe('1')
  })

  it('reads an unparseable stored value as undefined and leaves it out of the entries', async () => {
    const storage = Storage.memory([
      ['wc:broken', '{not json'],
      ['wc:fine', '"ok"'],
    ])
    const kv = KeyValueStorage.create(storage)
    expect(await kv.getItem('broken')).toBeUndefined()
    expect(await kv.getEntries()).toEqual([['fine', 'ok']])
  })

  it('reads a missing key as undefined', async () => {
    expect(await KeyValueStorage.create(Storage.memory()).getItem('missing')).toBeUndefined()
  })
})
