import { describe, expect, it, vi } from 'vitest'
import * as Store from './store.js'

describe('create', () => {
  it('tells its listeners each change with the state before it, and nothing for the same state', () => {
    const store = Store.create(1)
    const listener = vi.fn()
    store.subscribe(listener)
    store.set(2)
    store.set((n) => n)
    expect(listener.mock.calls).toEqual([[2, 1]])
  })
})

describe('batch', () => {
  it('a listener reading two stores sees both changed, once per store, from their states before the batch', () => {
    const account = Store.create('none')
    const chain = Store.create(8453)
    const seen: string[] = []
    const read = () => seen.push(`${account.get()} on ${chain.get()}`)
    const accountListener = vi.fn(read)
    account.subscribe(accountListener)
    chain.subscribe(read)
    Store.batch(() => {
      account.set('0xabc')
      account.set('0xdef')
      chain.set(1)
      // Nothing reaches a listener before the batch ends.
      expect(seen).toEqual([])
    })
    expect(seen).toEqual(['0xdef on 1', '0xdef on 1'])
    expect(accountListener).toHaveBeenCalledWith('0xdef', 'none')
  })

  it('nested batches notify when the outermost one ends', () => {
    const store = Store.create(0)
    const listener = vi.fn()
    store.subscribe(listener)
    Store.batch(() => {
      Store.batch(() => store.set(1))
      expect(listener).not.toHaveBeenCalled()
      store.set(2)
    })
    expect(listener.mock.calls).toEqual([[2, 0]])
  })

  it('tells nothing of a store set back to its state before the batch', () => {
    const store = Store.create('a')
    const listener = vi.fn()
    store.subscribe(listener)
    Store.batch(() => {
      store.set('b')
      store.set('a')
    })
    expect(listener).not.toHaveBeenCalled()
  })

  it('still notifies what changed when the update throws, and rethrows', () => {
    const store = Store.create(0)
    const listener = vi.fn()
    store.subscribe(listener)
    expect(() =>
      Store.batch(() => {
        store.set(1)
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(listener.mock.calls).toEqual([[1, 0]])
    // The batch is over: the next change is told at once.
    store.set(2)
    expect(listener).toHaveBeenLastCalledWith(2, 1)
  })
})
