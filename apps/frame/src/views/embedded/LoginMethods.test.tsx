// @vitest-environment jsdom
// The login section of Connect honours the host's features: email first, then the social providers
// in the host's order (none when off), and the legal checkbox gating both until it is ticked. Each
// step's outcome moves the screen: the code, the device approval, the popup's wait, the recovery
// password the wallet asks for as it opens, a refusal in the API's words, a cancel; a social popup
// opens in the click itself; a passkey's dialog runs in the frame.

import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { type Features, UserRejectedRequestError } from '@walletframe/protocol'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import * as Prompt from '../../core/prompt.js'
import type { EmailStep, EmbeddedLogin } from '../../lib/embeddedLogin.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import { LoginMethods } from './LoginMethods.js'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** The frame as this view reads it: an API, the host's features, the login not loaded yet unless given. */
function frameWith(features: Features, login?: Partial<EmbeddedLogin>): Frame {
  const client = Promise.resolve(new QueryClient())
  return {
    api: {},
    host: () => ({ features }),
    core: { locale: LocaleState.create() },
    queryClient: () => client,
    embedded: () =>
      login
        ? Promise.resolve({
            passwordPrompt: Prompt.password(),
            codePrompt: Prompt.code(),
            sessionOnly: false,
            ...login,
          })
        : new Promise(() => {}),
  } as unknown as Frame
}

async function show(features: Features, login?: Partial<EmbeddedLogin>) {
  await act(async () => {
    render(
      // As in Connect: the section shows once its code and the query client have loaded.
      <Suspense fallback={null}>
        <FrameContext value={frameWith(features, login)}>
          <LoginMethods />
        </FrameContext>
      </Suspense>,
    )
  })
  // The section paints once the query client (its steps' mutations) has loaded.
  if (features.email !== false || features.socials !== false)
    await waitFor(() => expect(document.querySelector('[data-testid]')).not.toBeNull())
  return Array.from(document.querySelectorAll('[data-testid]')).map((node) =>
    node.getAttribute('data-testid'),
  )
}

const step = (action: EmailStep['action']): EmailStep => ({
  attemptId: 'attempt-1',
  action,
  email: 'ada@example.test',
  resendAt: Date.now() + 30_000,
})

async function submitEmail() {
  await act(async () => {
    fireEvent.change(screen.getByTestId('wf-email-input'), { target: { value: ' ada@example.test ' } })
  })
  await act(async () => {
    fireEvent.submit(screen.getByTestId('wf-email-input').closest('form') as HTMLFormElement)
  })
}

async function enterCode() {
  await waitFor(() => expect(screen.getByTestId('wf-email-code')).toBeTruthy())
  await act(async () => {
    fireEvent.change(screen.getByTestId('wf-email-code-input'), { target: { value: '123456' } })
  })
  await act(async () => {
    fireEvent.click(screen.getByTestId('wf-email-code-submit'))
  })
}

describe('LoginMethods', () => {
  it('puts email first, then every social provider in the default order', async () => {
    expect(await show({})).toEqual([
      'wf-email-input',
      'wf-email-submit',
      'wf-social-google',
      'wf-social-x',
      'wf-social-discord',
      'wf-social-farcaster',
      'wf-social-github',
      'wf-social-apple',
      'wf-social-facebook',
      'wf-passkey-login',
      'wf-passkey-create',
    ])
  })

  it("follows the host's socials list and order, and shows no email when it is off", async () => {
    expect(await show({ email: false, socials: ['github', 'google'] })).toEqual([
      'wf-social-github',
      'wf-social-google',
      'wf-passkey-login',
      'wf-passkey-create',
    ])
  })

  it('shows nothing when email and socials are both off', async () => {
    expect(await show({ email: false, socials: false })).toEqual([])
  })

  it('keeps email and social disabled until the legal checkbox is ticked', async () => {
    await show({ legalCheckbox: true, socials: ['google'] })
    expect((screen.getByTestId('wf-email-submit') as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByTestId('wf-social-google') as HTMLButtonElement).disabled).toBe(true)
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox'))
    })
    expect((screen.getByTestId('wf-email-submit') as HTMLButtonElement).disabled).toBe(false)
    expect((screen.getByTestId('wf-social-google') as HTMLButtonElement).disabled).toBe(false)
  })

  it("goes from the address to the code, and shows a refused code in the API's words", async () => {
    const startEmail = vi.fn(async () => step('VERIFY_OTP'))
    const verify = vi.fn(async () => {
      throw new Error('Invalid code')
    })
    await show({}, { startEmail, verify })
    await submitEmail()
    await waitFor(() => expect(screen.getByTestId('wf-email-code')).toBeTruthy())
    expect(startEmail).toHaveBeenCalledWith('ada@example.test')
    expect(screen.getByTestId('wf-email-code').textContent).toContain('ada@example.test')
    // The server's cooldown holds the resend.
    expect((screen.getByTestId('wf-email-resend') as HTMLButtonElement).disabled).toBe(true)
    await act(async () => {
      fireEvent.change(screen.getByTestId('wf-email-code-input'), { target: { value: '123456' } })
    })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-email-code-submit'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-login-error').textContent).toBe('Invalid code'))
    expect(verify).toHaveBeenCalledWith(expect.objectContaining({ attemptId: 'attempt-1' }), '123456')
    expect(screen.getByTestId('wf-email-code')).toBeTruthy()
  })

  it('runs the passkey ceremony the button names, and shows a refusal in the API’s words', async () => {
    // Chromium: the dialog runs in the frame.
    Object.defineProperty(navigator, 'userAgentData', { value: { brands: [] }, configurable: true })
    let refuse: (error: Error) => void = () => {}
    const passkey = vi.fn(() => new Promise<boolean>((_, reject) => (refuse = reject)))
    await show({}, { passkey })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-passkey-create'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-passkey-waiting')).toBeTruthy())
    expect(passkey).toHaveBeenCalledWith('create', undefined)
    await act(async () => refuse(new Error('The passkey could not be verified')))
    await waitFor(() =>
      expect(screen.getByTestId('wf-login-error').textContent).toBe('The passkey could not be verified'),
    )
    // Back on the methods: a cancelled dialog (4001) leaves no error.
    passkey.mockImplementationOnce(() => Promise.reject(new UserRejectedRequestError()))
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-passkey-login'))
    })
    expect(passkey).toHaveBeenLastCalledWith('get', undefined)
    await waitFor(() => expect(screen.queryByTestId('wf-login-error')).toBeNull())
    expect(screen.getByTestId('wf-passkey-login')).toBeTruthy()
    Reflect.deleteProperty(navigator, 'userAgentData')
  })

  it('creates the passkey in a window on the frame origin opened in the click, where the browser is not Chromium', async () => {
    const popup = {
      closed: false,
      close: vi.fn(),
      focus: vi.fn(),
      postMessage: vi.fn(),
      location: { replace: vi.fn() },
    }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const passkey = vi.fn(async () => true)
    await show({}, { passkey })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-passkey-create'))
    })
    expect(open).toHaveBeenCalledWith('/passkey?locale=en', 'walletframe-passkey', expect.any(String))
    await waitFor(() => expect(passkey).toHaveBeenCalledWith('create', popup))
    // A login with a passkey the user has stays in the frame.
    await waitFor(() => expect(popup.close).toHaveBeenCalled())
  })

  it('waits for the device approval on a new device, then asks for the code', async () => {
    let approve: (next: EmailStep) => void = () => {}
    const waitForDevice = vi.fn(() => new Promise<EmailStep>((resolve) => (approve = resolve)))
    await show({}, { startEmail: async () => step('VERIFY_DEVICE'), waitForDevice })
    await submitEmail()
    await waitFor(() => expect(screen.getByTestId('wf-email-device')).toBeTruthy())
    expect(waitForDevice).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'VERIFY_DEVICE' }),
      expect.any(AbortSignal),
    )
    await act(async () => approve(step('VERIFY_OTP')))
    await waitFor(() => expect(screen.getByTestId('wf-email-code')).toBeTruthy())
  })

  it('asks for the recovery password as the wallet opens, and hands it the answer', async () => {
    const passwordPrompt = Prompt.password()
    const given: string[] = []
    const verify = vi.fn(async () => {
      given.push(await passwordPrompt.ask('create'))
      return true
    })
    await show({}, { startEmail: async () => step('VERIFY_OTP'), verify, passwordPrompt })
    await submitEmail()
    await enterCode()
    await waitFor(() => expect(screen.getByTestId('wf-recovery-password')).toBeTruthy())
    expect(screen.getByTestId('wf-recovery-password-submit').textContent).toBe('Create wallet')
    await act(async () => {
      fireEvent.change(screen.getByTestId('wf-recovery-password-input'), {
        target: { value: 'correct horse battery staple' },
      })
    })
    await act(async () => {
      fireEvent.submit(screen.getByTestId('wf-recovery-password'))
    })
    expect(given).toEqual(['correct horse battery staple'])
    expect(screen.queryByTestId('wf-recovery-password')).toBeNull()
  })

  it("asks for the second factor's code as the wallet opens, again with the API's reason when refused", async () => {
    const codePrompt = Prompt.code()
    const given: string[] = []
    const verify = vi.fn(async () => {
      given.push(await codePrompt.ask({}))
      given.push(
        await codePrompt.ask({
          error: 'The code is not correct; check your authenticator app (4 tries left)',
        }),
      )
      return true
    })
    await show({}, { startEmail: async () => step('VERIFY_OTP'), verify, codePrompt })
    await submitEmail()
    await enterCode()
    const answer = async (code: string) => {
      await waitFor(() => expect(screen.getByTestId('wf-totp-prompt')).toBeTruthy())
      await act(async () => {
        fireEvent.change(screen.getByTestId('wf-totp-prompt-input'), { target: { value: code } })
      })
      await act(async () => {
        fireEvent.submit(screen.getByTestId('wf-totp-prompt'))
      })
    }
    await answer('000000')
    await waitFor(() =>
      expect(screen.getByTestId('wf-totp-prompt-error').textContent).toContain('The code is not correct'),
    )
    await answer('abcde-fghij')
    expect(given).toEqual(['000000', 'abcde-fghij'])
    expect(screen.queryByTestId('wf-totp-prompt')).toBeNull()
  })

  it('returns to the code when the recovery password is declined', async () => {
    const passwordPrompt = Prompt.password()
    const verify = vi.fn(async () => {
      await passwordPrompt.ask('recover').catch(() => {})
      return false
    })
    await show({}, { startEmail: async () => step('VERIFY_OTP'), verify, passwordPrompt })
    await submitEmail()
    await enterCode()
    await waitFor(() =>
      expect(screen.getByTestId('wf-recovery-password-submit').textContent).toBe('Open wallet'),
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    })
    await waitFor(() => expect(screen.getByTestId('wf-email-code')).toBeTruthy())
    expect(screen.queryByTestId('wf-recovery-password')).toBeNull()
    expect(screen.queryByTestId('wf-login-error')).toBeNull()
  })

  it("shows a refused address in the API's words and stays on the methods", async () => {
    await show(
      {},
      {
        startEmail: async () => {
          throw new Error('Please try again after 17 seconds')
        },
      },
    )
    await submitEmail()
    await waitFor(() =>
      expect(screen.getByTestId('wf-login-error').textContent).toBe('Please try again after 17 seconds'),
    )
    expect(screen.getByTestId('wf-email-input')).toBeTruthy()
  })

  it('opens the popup in the click, waits for it, and returns to the methods on Cancel without an error', async () => {
    const popup = { closed: false, close: vi.fn(), focus() {}, postMessage() {}, location: { replace() {} } }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const social = vi.fn(
      (_provider: string, _popup: unknown, signal: AbortSignal) =>
        new Promise<boolean>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
    )
    await show({ socials: ['google'] }, { social })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-social-google'))
    })
    // Opened in the click, before anything is awaited, on the frame's own page.
    expect(open).toHaveBeenCalledWith(
      `${SocialPopup.path}?locale=en`,
      'walletframe-login',
      expect.any(String),
    )
    expect(screen.getByTestId('wf-social-waiting').textContent).toContain('Google')
    await waitFor(() => expect(social).toHaveBeenCalledWith('google', popup, expect.any(AbortSignal)))
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-social-cancel'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-social-google')).toBeTruthy())
    expect(popup.close).toHaveBeenCalled()
    expect(screen.queryByTestId('wf-login-error')).toBeNull()
    expect(social.mock.calls[0]?.[2]?.reason).toBeInstanceOf(UserRejectedRequestError)
  })

  it("returns to the methods with the provider's reason when the social login fails", async () => {
    vi.spyOn(window, 'open').mockReturnValue({ closed: true, close() {} } as unknown as Window)
    await show(
      { socials: ['x'] },
      {
        social: async () => {
          throw new Error('The x login did not complete')
        },
      },
    )
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-social-x'))
    })
    await waitFor(() =>
      expect(screen.getByTestId('wf-login-error').textContent).toBe('The x login did not complete'),
    )
    expect(screen.getByTestId('wf-social-x')).toBeTruthy()
  })

  it('says so when the browser blocks the popup, and opens it from the next click', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await show({ socials: ['discord'] }, { social: () => new Promise<boolean>(() => {}) })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-social-discord'))
    })
    expect(screen.getByTestId('wf-popup-blocked').textContent).toContain('Discord')
    open.mockReturnValue({ closed: false, close() {}, postMessage() {} } as unknown as Window)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    })
    expect(open).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('wf-social-waiting')).toBeTruthy()
  })
})
