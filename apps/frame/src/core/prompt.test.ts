// The wallet's questions: asked, one is on show until the user submits (the wallet gets the answer) or
// declines (the wallet gets 4001); a newer question declines an older one left unanswered; an answer
// with no question asked goes nowhere. The recovery password comes as typed, a code trimmed.
import { describe, expect, it } from 'vitest'
import * as Prompt from './prompt.js'

describe('create', () => {
  it('shows the question until the user submits, and answers what they gave', async () => {
    const prompt = Prompt.password()
    expect(prompt.asked.get()).toBeUndefined()
    const answer = prompt.ask('create')
    expect(prompt.asked.get()).toBe('create')
    prompt.submit(' correct horse battery staple ')
    expect(prompt.asked.get()).toBeUndefined()
    expect(await answer).toBe(' correct horse battery staple ')
  })

  it('rejects with 4001 when the user declines', async () => {
    const prompt = Prompt.password()
    const answer = prompt.ask('recover')
    prompt.decline()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(prompt.asked.get()).toBeUndefined()
  })

  it('declines an older question left unanswered when a newer one comes', async () => {
    const prompt = Prompt.code()
    const older = prompt.ask({ action: 'export' })
    const newer = prompt.ask({ action: 'export', error: 'The code is not correct' })
    await expect(older).rejects.toMatchObject({ code: 4001 })
    expect(prompt.asked.get()).toEqual({ action: 'export', error: 'The code is not correct' })
    prompt.submit(' 123456 ')
    expect(await newer).toBe('123456')
  })

  it('sends an answer nowhere when nothing is asked', () => {
    const prompt = Prompt.code()
    prompt.submit('stray')
    prompt.decline()
    expect(prompt.asked.get()).toBeUndefined()
  })
})
