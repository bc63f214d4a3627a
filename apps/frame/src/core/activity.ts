// How the Activity tab reads the history API: NFT spam removed (`nft_info.flags.is_spam`), entries
// grouped by year and month, newest first, and times relative in short units ("5m", "2h").
import type { HistoryEntry } from '@walletframe/protocol'

/** Entries without their spam NFT transfers; an entry that only moved spam is gone. */
export function withoutSpam(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.flatMap((entry) => {
    if (entry.transfers.length === 0) return [entry]
    const transfers = entry.transfers.filter((transfer) => !transfer.nft_info?.flags.is_spam)
    return transfers.length === 0 ? [] : [{ ...entry, transfers }]
  })
}

export type MonthGroup = {
  /** `2026-11`: stable key. */
  readonly key: string
  /** "November 2026", or "This month" for the current one (in English; a view words it from `key`). */
  readonly label: string
  /** Whether it is the current month. */
  readonly current: boolean
  readonly entries: readonly HistoryEntry[]
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** Groups by the UTC year and month they were mined in, newest group and entry first. */
export function groupByMonth(entries: readonly HistoryEntry[], now: Date = new Date()): MonthGroup[] {
  const sorted = [...entries].sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  const groups = new Map<string, HistoryEntry[]>()
  for (const entry of sorted) {
    const mined = new Date(entry.metadata.minedAt)
    const key = `${mined.getUTCFullYear()}-${String(mined.getUTCMonth() + 1).padStart(2, '0')}`
    const group = groups.get(key)
    if (group) group.push(entry)
    else groups.set(key, [entry])
  }
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`
  return [...groups].map(([key, list]) => {
    const [year, month] = key.split('-').map(Number) as [number, number]
    return {
      key,
      label: key === current ? 'This month' : `${monthNames[month - 1]} ${year}`,
      current: key === current,
      entries: list,
    }
  })
}

const units: readonly [suffix: string, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['y', 'year', 365 * 24 * 3600],
  ['mo', 'month', 30 * 24 * 3600],
  ['w', 'week', 7 * 24 * 3600],
  ['d', 'day', 24 * 3600],
  ['h', 'hour', 3600],
  ['m', 'minute', 60],
  ['s', 'second', 1],
]

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/**
 * How long ago, in the largest whole unit. English is the product's compact form: "now", "42s",
 * "5m", "3h", "2d", "1w", "4mo", "1y". Another locale says it its own short way through Intl
 * ("5分前", "vor 5 Min.", "قبل ٥ دقائق"), with the same units.
 */
export function relativeTime(iso: string, now: Date = new Date(), locale = 'en'): string {
  const seconds = Math.floor((now.getTime() - Date.parse(iso)) / 1000)
  const found = Number.isFinite(seconds) && seconds >= 1 && units.find(([, , size]) => seconds >= size)
  if (locale === 'en') return found ? `${Math.floor(seconds / found[2])}${found[0]}` : 'now'
  let format = relativeFormats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { style: 'narrow', numeric: 'auto' })
    relativeFormats.set(locale, format)
  }
  return found ? format.format(-Math.floor(seconds / found[2]), found[1]) : format.format(0, 'second')
}
