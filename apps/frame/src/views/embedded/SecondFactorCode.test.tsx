// @vitest-environment jsdom
// The factor's question: a code field (and the passkey where the user has one) for a user with the
// authenticator app; the passkey alone, with no code field and no word of an app, for a user whose only
// factor is a passkey.
import { cleanup, fireEvent, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import { passkeyAnswer } from '../../lib/embeddedLogin.js'
import { loadViews } from '../../locale/catalogs.js'
import { SecondFactorCode } from './SecondFactorCode.js'

// The catalog in before the views render, so that they show at once.
beforeAll(() => loadViews('en'))
afterEach(cleanup)

/** In a frame speaking English. */
const inFrame = (view: ReactNode) =>
  render(
    <FrameContext value={{ core: { locale: LocaleState.create() } } as unknown as Frame}>
      {view}
    </FrameContext>,
  )

describe('SecondFactorCode', () => {
  it('with the app on: a code field, and the passkey beside it', () => {
    const prompt = { submit: vi.fn(), decline: vi.fn() }
    const view = inFrame(<SecondFactorCode question={{ action: 'export', passkey: true }} prompt={prompt} />)
    expect(view.getByTestId('wf-totp-prompt-input')).toBeTruthy()
    expect(view.getByTestId('wf-totp-prompt').textContent).toContain('authenticator app')
    fireEvent.click(view.getByTestId('wf-totp-prompt-passkey'))
    expect(prompt.submit).toHaveBeenCalledWith(passkeyAnswer)
  })

  it('with a passkey as the only factor: the passkey alone, no code field, no authenticator app', () => {
    const prompt = { submit: vi.fn(), decline: vi.fn() }
    const view = inFrame(
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
