import { describe, expect, it } from 'vitest'
import { loadAll, loadBoot, loadViews } from './catalogs.js'
import { boot } from './en/boot.js'
import { views } from './en/views.js'
import { locales } from './locales.js'
import { categories, count, isPlural, type Plural } from './plural.js'

type Tree = { readonly [key: string]: unknown }

/** Every message of a catalog part by its dotted key: a text, a function of its parts, or a plural. */
function messages(tree: Tree, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`
    if (typeof value === 'object' && value !== null && !isPlural(value))
      for (const [inner, message] of messages(value as Tree, `${path}.`)) found.set(inner, message)
    else found.set(path, value)
  }
  return found
}

const english = { boot: messages(boot), views: messages(views) }
/** A part that no message could contain by chance: each function must place it in its text. */
const part = 'Ⓟ42'

describe('catalogs', () => {
  for (const locale of locales)
    describe(locale, async () => {
      const catalog = { boot: messages(await loadBoot(locale)), views: messages(await loadViews(locale)) }

      for (const area of ['boot', 'views'] as const) {
        it(`has every ${area} message English has, and no other`, () => {
          const missing = [...english[area].keys()].filter((key) => !catalog[area].has(key))
          const extra = [...catalog[area].keys()].filter((key) => !english[area].has(key))
          expect(missing).toEqual([])
          expect(extra).toEqual([])
        })

        it(`writes every ${area} message out, placing each part it is given`, () => {
          for (const [key, message] of catalog[area]) {
            const reference = english[area].get(key)
            expect(typeof message, key).toBe(typeof reference)
            expect(isPlural(message), key).toBe(isPlural(reference))
            if (isPlural(message)) {
              // Every form the language's plural rules pick, none it never picks; `other` shows the count.
              const forms = Object.keys(message.plural).sort()
              expect(forms, key).toEqual([...categories(locale)].sort())
              for (const form of Object.values(message.plural)) expect(form.trim(), key).not.toBe('')
              expect(message.plural.other, key).toContain('#')
            } else if (typeof message === 'function') {
              expect(message.length, key).toBe((reference as (...parts: string[]) => string).length)
              const text = (message as (...parts: string[]) => string)(...Array(message.length).fill(part))
              expect(text, key).toContain(part)
              expect(text.replaceAll(part, '').trim(), key).not.toBe('')
            } else expect((message as string).trim(), key).not.toBe('')
          }
        })
      }
    })

  it('counts in each language’s plural forms, the count in its digits', async () => {
    const moreWaiting = (locale: (typeof locales)[number]) =>
      loadViews(locale).then((views) => views.review.moreWaiting as Plural)
    expect(count('en', await moreWaiting('en'), 1)).toBe('1 more waiting.')
    expect(count('en', await moreWaiting('en'), 1200)).toBe('1,200 more waiting.')
    const ru = (await loadViews('ru')).tabs.tokenCount
    expect([1, 3, 5, 21].map((n) => count('ru', ru, n))).toEqual([
      '1 токен',
      '3 токена',
      '5 токенов',
      '21 токен',
    ])
    const ar = (await loadViews('ar')).tabs.tokenCount
    // Arabic's digits are the ones its locale data gives (Arabic-Indic or Latin, by ICU version).
    const digits = (n: number) => new Intl.NumberFormat('ar').format(n)
    expect([0, 1, 2, 3, 11, 100].map((n) => count('ar', ar, n))).toEqual([
      'لا رموز',
      'رمز واحد',
      'رمزان',
      `${digits(3)} رموز`,
      `${digits(11)} رمزًا`,
      `${digits(100)} رمز`,
    ])
    expect(count('de', (await loadViews('de')).review.moreWaiting, 2)).toBe('2 weitere warten.')
  })

  it('loads each locale once, whole, however often it is asked', async () => {
    expect(loadViews('ja')).toBe(loadViews('ja'))
    expect(loadBoot('ar')).toBe(loadBoot('ar'))
    expect(await loadAll('ko')).toBe(await loadBoot('ko'))
  })

  it('keeps English as the product gives it', () => {
    expect(boot.titles.Connect).toBe('Connect Wallet')
    expect(boot.connect.noWallets).toBe(
      'No browser wallet was found on this page. Install a wallet extension, then open this window again.',
    )
    expect(views.networks.unsupported).toBe(
      'This app doesn’t support your current network. Switch to an available option to continue.',
    )
  })
})
