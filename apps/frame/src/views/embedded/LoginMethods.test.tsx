// @vitest-environment jsdom
// The login section of Connect honours the host's features: email first, then the social providers
// in the host's order (none when off), and the legal checkbox gating both until it is ticked.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { Features } from '@walletframe/protocol'
import { afterEach, describe, expect, it } from 'vitest'
import type { Frame } from '../../app/boot.js'
import { FrameContext } from '../../app/context.js'
import { LoginMethods } from './LoginMethods.js'

afterEach(cleanup)

/** The frame as this view reads it: an API, the host's features, the login not loaded yet. */
function frameWith(features: Features): Frame {
  return {
    api: {},
    host: () => ({ features }),
    embedded: () => new Promise(() => {}),
  } as unknown as Frame
}

function show(features: Features) {
  render(
    <FrameContext value={frameWith(features)}>
      <LoginMethods />
    </FrameContext>,
  )
  return Array.from(document.querySelectorAll('[data-testid]')).map((node) =>
    node.getAttribute('data-testid'),
  )
}

describe('LoginMethods', () => {
  it('puts email first, then every social provider in the default order', () => {
    expect(show({})).toEqual([
      'wf-email-input',
      'wf-email-submit',
      'wf-social-google',
      'wf-social-x',
      'wf-social-discord',
      'wf-social-farcaster',
      'wf-social-github',
      'wf-social-apple',
      'wf-social-facebook',
    ])
  })

  it("follows the host's socials list and order, and shows no email when it is off", () => {
    expect(show({ email: false, socials: ['github', 'google'] })).toEqual([
      'wf-social-github',
      'wf-social-google',
    ])
  })

  it('shows nothing when email and socials are both off', () => {
    expect(show({ email: false, socials: false })).toEqual([])
  })

  it('keeps email and social disabled until the legal checkbox is ticked', async () => {
    show({ legalCheckbox: true, socials: ['google'] })
    expect((screen.getByTestId('wf-email-submit') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('wf-social-google') as HTMLButtonElement).disabled).toBe(true)
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox'))
    })
    expect((screen.getByTestId('wf-email-submit') as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByTestId('wf-social-google') as HTMLButtonElement).disabled).toBe(false)
  })
})
