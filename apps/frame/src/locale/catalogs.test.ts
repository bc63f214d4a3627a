import { describe, expect, it } from 'vitest'
import { loadAll, loadBoot, loadViews } from './catalogs.js'
import { boot } from './en/boot.js'
import { views } from './en/views.js'
import { locales } from './locales.js'

type Tree = { readonly [key: string]: unknown }

/** Every message of a catalog part by its dotted key: a text, or a function of its parts. */
function messages(tree: Tree, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`
    if (typeof value === 'object' && value !== null)
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
            if (typeof message === 'function') {
              expect(message.length, key).toBe((reference as (...parts: string[]) => string).length)
              const text = (message as (...parts: string[]) => string)(...Array(message.length).fill(part))
              expect(text, key).toContain(part)
              expect(text.replaceAll(part, '').trim(), key).not.toBe('')
            } else expect((message as string).trim(), key).not.toBe('')
          }
        })
      }
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
