// The wallet's question for the recovery password: asked, it is on show until the user submits (the
// wallet gets the password) or declines (the wallet gets 4001); a newer question declines an older one
// left unanswered; an answer with no question asked goes nowhere.
import { describe, expect, it } from 'vitest'
import * as PasswordPrompt from './passwordPrompt.js'

describe('ask', () => {
  it('shows why it is asked until the user submits, and answers the password', async () => {
    const prompt = PasswordPrompt.create()
    expect(prompt.asked.get()).toBeUndefined()
    const answer = prompt.ask('create')
    expect(prompt.asked.get()).toBe('create')
    prompt.submit('correct horse battery staple')
    expect(prompt.asked.get()).toBeUndefined()
    expect(await answer).toBe('correct horse battery staple')
  })

  it('rejects with 4001 when the user declines', async () => {
    const prompt = PasswordPrompt.create()
    const answer = prompt.ask('recover')
    prompt.decline()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(prompt.asked.get()).toBeUndefined()
  })

  it('declines an older question left unanswered when a newer one comes', async () => {
    const prompt = PasswordPrompt.create()
    const older = prompt.ask('create')
    const newer = prompt.ask('recover')
    await expect(older).rejects.toMatchObject({ code: 4001 })
    expect(prompt.asked.get()).toBe('recover')
    prompt.submit('correct horse battery staple')
    expect(await newer).toBe('correct horse battery staple')
  })
})

describe('submit', () => {
  it('goes nowhere when nothing is asked', () => {
    const prompt = PasswordPrompt.create()
    prompt.submit('stray')
    prompt.decline()
    expect(prompt.asked.get()).toBeUndefined()
  })
})
