// The wallet's question for the second factor's code: on show until the user submits (the wallet gets
// the code, trimmed) or declines (4001); a refused code is asked again with the API's reason.
import { describe, expect, it } from 'vitest'
import * as SecondFactorPrompt from './secondFactorPrompt.js'

describe('ask', () => {
  it('shows the question until the user submits, and answers the code trimmed', async () => {
    const prompt = SecondFactorPrompt.create()
    expect(prompt.asked.get()).toBeUndefined()
    const answer = prompt.ask({})
    expect(prompt.asked.get()).toEqual({})
    prompt.submit(' 123456 ')
    expect(prompt.asked.get()).toBeUndefined()
    expect(await answer).toBe('123456')
  })

  it('carries why the last code was refused', () => {
    const prompt = SecondFactorPrompt.create()
    void prompt.ask({ error: 'The code is not correct' }).catch(() => {})
    expect(prompt.asked.get()).toEqual({ error: 'The code is not correct' })
    prompt.decline()
  })

  it('rejects with 4001 when the user declines, and declines an older question', async () => {
    const prompt = SecondFactorPrompt.create()
    const older = prompt.ask({})
    const newer = prompt.ask({ error: 'wrong' })
    await expect(older).rejects.toMatchObject({ code: 4001 })
    prompt.decline()
    await expect(newer).rejects.toMatchObject({ code: 4001 })
    expect(prompt.asked.get()).toBeUndefined()
  })
})
