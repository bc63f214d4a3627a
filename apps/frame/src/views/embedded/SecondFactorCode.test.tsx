// @vitest-environment jsdom
// The factor's question: a code field (and the passkey where the user has one) for a user with the
// authenticator app; the passkey alone, with no code field and no word of an app, for a user whose only
// factor is a passkey.
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { passkeyAnswer } from '../../lib/embeddedLogin.js'
import { SecondFactorCode } from './SecondFactorCode.js'

afterEach(cleanup)

describe('SecondFactorCode', () => {
  it('with the app on: a code field, and the passkey beside it', () => {
    const prompt = { submit: vi.fn(), decline: vi.fn() }
    const view = render(<SecondFactorCode question={{ action: 'export', passkey: true }} prompt={prompt} />)
    expect(view.getByTestId('wf-totp-prompt-input')).toBeTruthy()
    expect(view.getByTestId('wf-totp-prompt').textContent).toContain('authenticator app')
    fireEvent.click(view.getByTestId('wf-totp-prompt-passkey'))
    expect(prompt.submit).toHaveBeenCalledWith(passkeyAnswer)
  })

  it('with a passkey as the only factor: the passkey alone, no code field, no authenticator app', () => {
    const prompt = { submit: vi.fn(), decline: vi.fn() }
    const view = render(
      <SecondFactorCode
        question={{ passkey: true, passkeyOnly: true, error: 'Try again' }}
        prompt={prompt}
      />,
    )
    expect(view.queryByTestId('wf-totp-prompt-input')).toBeNull()
    const text = view.getByTestId('wf-totp-prompt').textContent ?? ''
    expect(text).toContain('Confirm with your passkey to open your wallet')
    expect(text).not.toContain('authenticator app')
    expect(view.getByTestId('wf-totp-prompt-error').textContent).toBe('Try again')
    fireEvent.click(view.getByTestId('wf-totp-prompt-passkey'))
    expect(prompt.submit).toHaveBeenCalledWith(passkeyAnswer)
  })
})
