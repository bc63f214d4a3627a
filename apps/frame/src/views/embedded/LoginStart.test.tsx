// @vitest-environment jsdom
// Connect's stand-in for the login while its code loads is the login's first screen itself, inert:
// the same elements in the same order for every set of features (so the wallets below it do not move
// when the login arrives), without test ids, and a click on it does nothing.

import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import type { Features } from '@walletframe/protocol'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import * as Prompt from '../../core/prompt.js'
import { LoginMethods } from './LoginMethods.js'
import { LoginStartPlaceholder } from './LoginStart.js'

afterEach(cleanup)

function frameWith(features: Features, api: object | undefined = {}): Frame {
  const client = Promise.resolve(new QueryClient())
  return {
    api,
    host: () => ({ features }),
    core: { locale: LocaleState.create() },
    queryClient: () => client,
    embedded: () =>
      Promise.resolve({
        passwordPrompt: Prompt.password(),
        codePrompt: Prompt.code(),
        sessionOnly: false,
      }),
  } as unknown as Frame
}

/**
 * The markup as the eye sees it: without test ids and the placeholder's `inert`, and each provider's
 * mark slot (a fixed box) without the mark the login's chunk fills it with.
 */
function shape(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement
  for (const node of copy.querySelectorAll('[data-testid], [inert]')) {
    node.removeAttribute('data-testid')
    node.removeAttribute('inert')
  }
  for (const slot of copy.querySelectorAll('.wf-social-mark')) slot.replaceChildren()
  return copy.innerHTML
}

async function renderLoaded(features: Features): Promise<string> {
  const { container } = await act(async () =>
    render(
      <Suspense fallback={null}>
        <FrameContext value={frameWith(features)}>
          <LoginMethods />
        </FrameContext>
      </Suspense>,
    ),
  )
  await vi.waitFor(() => expect(container.querySelector('section')).not.toBeNull())
  const markup = shape(container)
  cleanup()
  return markup
}

function renderPlaceholder(features: Features, api?: object) {
  return render(
    <FrameContext value={frameWith(features, api)}>
      <LoginStartPlaceholder />
    </FrameContext>,
  )
}

describe('LoginStartPlaceholder', () => {
  const cases: [string, Features][] = [
    ['every method', {}],
    ['email only', { socials: false }],
    ['socials only, in the host order', { email: false, socials: ['github', 'google'] }],
    ['one social', { email: false, socials: ['x'] }],
    ['the legal checkbox', { legalCheckbox: true }],
  ]
  for (const [what, features] of cases)
    it(`is the login's first screen, element for element: ${what}`, async () => {
      const loaded = await renderLoaded(features)
      const { container } = renderPlaceholder(features)
      expect(loaded).toContain('Continue with')
      expect(shape(container)).toBe(loaded)
    })

  it("leaves each provider's mark slot empty, where the loaded login draws the mark", async () => {
    const { container } = renderPlaceholder({})
    const empty = [...container.querySelectorAll('.wf-social-mark')]
    expect(empty).toHaveLength(7)
    for (const slot of empty) expect(slot.childElementCount).toBe(0)
    cleanup()
    const { container: loaded } = await act(async () =>
      render(
        <Suspense fallback={null}>
          <FrameContext value={frameWith({})}>
            <LoginMethods />
          </FrameContext>
        </Suspense>,
      ),
    )
    await vi.waitFor(() => expect(loaded.querySelector('section')).not.toBeNull())
    const filled = [...loaded.querySelectorAll('.wf-social-mark')]
    expect(filled).toHaveLength(7)
    for (const slot of filled) expect(slot.querySelector('svg')).not.toBeNull()
  })

  it('is inert and carries no test ids: a click on it starts nothing', () => {
    const { container } = renderPlaceholder({})
    const section = container.querySelector('section') as HTMLElement
    expect(section.hasAttribute('inert')).toBe(true)
    expect(container.querySelectorAll('[data-testid]')).toHaveLength(0)
    const opened = vi.spyOn(window, 'open')
    fireEvent.click(container.querySelector('button') as HTMLButtonElement)
    expect(opened).not.toHaveBeenCalled()
  })

  it('shows nothing where Connect offers no login: no API, or every method off', () => {
    expect(renderPlaceholder({}, null as unknown as object).container.innerHTML).toBe('')
    cleanup()
    expect(renderPlaceholder({ email: false, socials: false }).container.innerHTML).toBe('')
  })
})
