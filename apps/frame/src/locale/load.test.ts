import { describe, expect, it } from 'vitest'
import { loadViews } from './catalogs.js'
import { boot } from './en/boot.js'
import { allMessages, firstPaintMessages } from './load.js'

describe('firstPaintMessages', () => {
  it("is English's own messages for English", async () => {
    expect(await firstPaintMessages('en')).toBe(boot)
  })

  it("is another locale's from its catalog", async () => {
    const messages = await firstPaintMessages('ja')
    expect(messages.titles.Connect).toBe('ウォレットを接続')
  })
})

describe('allMessages', () => {
  it('has the later views of the locale loaded once it resolves', async () => {
    const messages = await allMessages('ar')
    expect(messages.close).toBe('إغلاق')
    const views = loadViews('ar') as Promise<unknown> & { status?: string }
    expect(views.status).toBe('fulfilled')
  })
})
