import type { HistoryEntry, HistoryTransfer } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { groupByMonth, relativeTime, withoutSpam } from './activity.js'

function entry(id: string, minedAt: string, transfers: HistoryTransfer[] = []): HistoryEntry {
  return {
    id,
    metadata: {
      minedAt,
      chain: 'eip155:1',
      operationType: 'send',
      hash: `0x${id.padStart(64, '0')}`,
      blockNumber: 1,
      sentFrom: '0x1',
      sentTo: '0x2',
      status: 'confirmed',
      nonce: 0,
    },
    transfers,
  }
}

const nft = (spam: boolean): HistoryTransfer => ({
  nft_info: { name: 'Punk', token_id: '1', content: null, flags: { is_spam: spam } },
  direction: 'in',
  quantity: { numeric: '1' },
  value: 0,
  price: 0,
})
const token: HistoryTransfer = {
  fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
  direction: 'out',
  quantity: { numeric: '0.5' },
  value: 1000,
  price: 2000,
}

describe('withoutSpam', () => {
  it('drops spam NFT transfers, and entries that moved nothing else', () => {
    const result = withoutSpam([
      entry('1', '2026-11-01T00:00:00Z', [nft(true)]),
      entry('2', '2026-11-01T00:00:00Z', [nft(true), token]),
      entry('3', '2026-11-01T00:00:00Z', [nft(false)]),
      entry('4', '2026-11-01T00:00:00Z'),
    ])
    expect(result.map((e) => [e.id, e.transfers.length])).toEqual([
      ['2', 1],
      ['3', 1],
      ['4', 0],
    ])
  })
})

describe('groupByMonth', () => {
  it('groups by year and month, newest first, the current month named so', () => {
    const groups = groupByMonth(
      [
        entry('a', '2025-12-31T23:59:59Z'),
        entry('b', '2026-11-20T10:00:00Z'),
        entry('c', '2026-10-02T00:00:00Z'),
        entry('d', '2026-11-21T10:00:00Z'),
        entry('e', '2026-10-30T00:00:00Z'),
      ],
      new Date('2026-11-22T12:00:00Z'),
    )
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.id)])).toEqual([
      ['This month', ['d', 'b']],
      ['October 2026', ['e', 'c']],
      ['December 2025', ['a']],
    ])
  })
})

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  it.each([
    ['2026-11-22T12:00:00Z', 'now'],
    ['2026-11-22T11:59:18Z', '42s'],
    ['2026-11-22T11:55:00Z', '5m'],
    ['2026-11-22T09:00:00Z', '3h'],
    ['2026-11-20T12:00:00Z', '2d'],
    ['2026-11-12T12:00:00Z', '1w'],
    ['2026-07-22T12:00:00Z', '4mo'],
    ['2025-11-01T12:00:00Z', '1y'],
    ['2026-11-23T12:00:00Z', 'now'],
  ])('%s is %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected)
  })

  it('says it the way another locale does, in the same unit', () => {
    expect(relativeTime('2026-11-22T11:55:00Z', now, 'ja')).toBe('5分前')
    expect(relativeTime('2026-11-22T09:00:00Z', now, 'de')).toBe('vor 3 Std.')
    expect(relativeTime('2026-11-22T12:00:00Z', now, 'fr')).toBe('maintenant')
    // Whatever words the runtime's CLDR has for them: the unit and the count are ours.
    const narrow = (locale: string) =>
      new Intl.RelativeTimeFormat(locale, { style: 'narrow', numeric: 'auto' })
    expect(relativeTime('2026-11-20T12:00:00Z', now, 'es')).toBe(narrow('es').format(-2, 'day'))
    expect(relativeTime('2025-11-01T12:00:00Z', now, 'ru')).toBe(narrow('ru').format(-1, 'year'))
    expect(relativeTime('2026-07-22T12:00:00Z', now, 'ar')).toBe(narrow('ar').format(-4, 'month'))
  })
})
