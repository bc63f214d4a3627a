import { describe, expect, it } from 'vitest'
import * as HostMirror from './HostMirror.js'

/** A mirror whose flushes the test runs by hand, and the blobs it persisted. */
function setup() {
  const flushes: (() => void)[] = []
  const mirror = HostMirror.create((flush) => void flushes.push(flush))
  const persisted: (string | null)[] = []
  mirror.onPersist((blob) => persisted.push(blob))
  const flush = () => {
    for (const run of flushes.splice(0)) run()
  }
  return { mirror, flushes, persisted, flush }
}

describe('create', () => {
  it("loads the host's copy", () => {
    const { mirror } = setup()
    mirror.load(JSON.stringify({ a: '1', b: '2' }))
    expect(mirror.getItem('a')).toBe('1')
    expect(mirror.keys()).toEqual(['a', 'b'])
  })

  it('replaces the contents on a second load', () => {
    const { mirror } = setup()
    mirror.load(JSON.stringify({ a: '1' }))
    mirror.load(JSON.stringify({ b: '2' }))
    expect(mirror.keys()).toEqual(['b'])
  })

  it.each([
    ['not JSON', '{oops'],
    ['an array', '["a"]'],
    ['non-string values', '{"a":1}'],
    ['null', 'null'],
    ['nothing', undefined],
  ])('starts empty when the host hands over %s', (_, blob) => {
    const { mirror } = setup()
    mirror.setItem('stale', '1')
    mirror.load(blob)
    expect(mirror.keys()).toEqual([])
  })

  it('does not persist what it loaded', () => {
    const { mirror, flushes } = setup()
    mirror.load(JSON.stringify({ a: '1' }))
    expect(flushes).toHaveLength(0)
  })

  it('batches writes into one persist of the whole copy per flush', () => {
    const { mirror, flushes, persisted, flush } = setup()
    mirror.load(JSON.stringify({ loaded: '0' }))
    mirror.setItem('a', '1')
    mirror.setItem('b', '2')
    mirror.removeItem('loaded')
    expect(flushes).toHaveLength(1)
    expect(persisted).toEqual([])
    flush()
    expect(persisted).toHaveLength(1)
    expect(JSON.parse(persisted[0] as string)).toEqual({ a: '1', b: '2' })
    mirror.setItem('c', '3')
    flush()
    expect(JSON.parse(persisted[1] as string)).toEqual({ a: '1', b: '2', c: '3' })
  })

  it('persists null once the last key is removed', () => {
    const { mirror, persisted, flush } = setup()
    mirror.setItem('a', '1')
    flush()
    mirror.removeItem('a')
    flush()
    expect(persisted).toEqual([JSON.stringify({ a: '1' }), null])
  })

  it('does not persist when a write changes nothing', () => {
    const { mirror, flushes, flush } = setup()
    mirror.setItem('a', '1')
    flush()
    mirror.setItem('a', '1')
    mirror.removeItem('missing')
    expect(flushes).toHaveLength(0)
  })

  it('stops calling a listener once it unsubscribed', () => {
    const { mirror, flush } = setup()
    const blobs: (string | null)[] = []
    const unsubscribe = mirror.onPersist((blob) => blobs.push(blob))
    unsubscribe()
    mirror.setItem('a', '1')
    flush()
    expect(blobs).toEqual([])
  })

  it('flushes on the next task by default', async () => {
    const mirror = HostMirror.create()
    const blob = new Promise<string | null>((resolve) => mirror.onPersist(resolve))
    mirror.setItem('a', '1')
    expect(await blob).toBe(JSON.stringify({ a: '1' }))
  })

  it('hands a pending copy over at once on flush, and the scheduled hand-over then has nothing to add', () => {
    const { mirror, persisted, flush } = setup()
    mirror.setItem('walletframe:connector', '{"id":"walletConnect"}')
    mirror.flush()
    expect(persisted).toEqual(['{"walletframe:connector":"{\\"id\\":\\"walletConnect\\"}"}'])
    flush()
    mirror.flush()
    expect(persisted).toHaveLength(1)
    mirror.removeItem('walletframe:connector')
    mirror.flush()
    expect(persisted).toEqual([persisted[0], null])
  })
})
