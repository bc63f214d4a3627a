// @vitest-environment jsdom
// The email update on screen: Account offers it to an email login (to change the address) and to a
// login without one (to add one); the new address, the code from the current mailbox, the code from the
// new one, done — the host's state then carries the new address. An account without an address first
// confirms with its login (a popup opened in the click). The embedded wallet's update runs for real over
// the API client; the API answers at its boundary, the re-login is a stand-in.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { AccountState, AuthTokens } from '@walletframe/protocol'
import { evmNetwork } from '@walletframe/protocol/testing'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import { authApi } from '../../connectors/embedded/authApi.js'
import * as EmailUpdate from '../../connectors/embedded/emailUpdate.js'
import * as Session from '../../connectors/embedded/session.js'
import * as Connect from '../../core/actions/connect.js'
import * as Navigation from '../../core/actions/navigation.js'
import type { Core } from '../../core/Core.js'
import * as Prompt from '../../core/prompt.js'
import * as HostEvents from '../../host/hostEvents.js'
import * as SocialPopup from '../../lib/socialPopup.js'
import * as Store from '../../lib/store.js'
import { loadViews } from '../../locale/catalogs.js'
import { memory } from '../../storage/Storage.js'
import { apiAnswering, coreWith, fakeConnector } from '../../testing.js'
import * as KeyStore from '../../worker/keyStore.js'
import * as Vault from '../../worker/Vault.js'
import { UpdateEmailEntry } from './UpdateEmailEntry.js'
import { UpdateEmailWallet } from './UpdateEmailWallet.js'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const updateId = 'AAAAAAAAAAAAAAAAAAAAAA'
const later = new Date(Date.now() + 600_000).toISOString()
const tokens: AuthTokens = {
  tokenType: 'Bearer',
  accessToken: 'access-1',
  accessTokenExpiresAt: later,
  refreshToken: 'refresh-1',
  refreshTokenExpiresAt: later,
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A frame connected through a wallet of `authProvider` whose session's user has `email` (null: none);
 * a re-login answers `reauth-attempt`.
 */
async function frameWith(
  authProvider: string,
  answers: (() => Response)[] = [],
  email: string | null = 'old@example.test',
) {
  const core = coreWith([evmNetwork(1, 'Ethereum')])
  const { client, fetch } = apiAnswering(answers)
  const session = Session.create({
    storage: memory(),
    api: authApi(client),
    signer: Vault.create({ keyStore: KeyStore.memory() }),
  })
  session.start({
    action: 'CONNECT',
    user: { id: 'u1', authProvider: authProvider as 'email', ...(email ? { email } : {}) },
    tokens,
  })
  const connector = {
    ...fakeConnector(undefined, { id: 'auth', type: 'auth' }),
    walletInfo: (): AccountState['embeddedWalletInfo'] => ({
      authProvider,
      accountType: 'eoa',
      isSmartAccountDeployed: false,
      user: session.current()?.user.email ? { email: session.current()?.user.email as string } : {},
    }),
  }
  await Connect.connect(core, connector, { id: connector.id })
  const states: AccountState[] = []
  HostEvents.forward(core, (type, data) => {
    if (type === 'state') states.push(data as AccountState)
  })
  const socialLogin = vi.fn(async () => 'reauth-attempt')
  const codePrompt = Prompt.code()
  const emailUpdate = EmailUpdate.create({
    api: authApi(client),
    session,
    socialLogin,
    farcasterLogin: async () => 'farcaster-attempt',
    farcasterUrl: Store.create<string | undefined>(undefined),
    ask: codePrompt.ask,
  })
  const frame = { core, embedded: async () => ({ emailUpdate, codePrompt }) } as unknown as Frame
  /** The JSON body of API call `n`. */
  const body = (n: number) => JSON.parse((fetch.mock.calls[n] as [URL, RequestInit])[1].body as string)
  return { core, frame, states, socialLogin, body }
}

function show(frame: Frame, view: 'entry' | 'update') {
  // As in the modal: the view's steps are mutations of the frame's query client.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FrameContext value={frame}>
        {view === 'entry' ? <UpdateEmailEntry /> : <UpdateEmailWallet />}
      </FrameContext>
    </QueryClientProvider>,
  )
}

async function submit(testId: string, value: string, button: string) {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } })
  })
  await act(async () => {
    fireEvent.click(screen.getByTestId(button))
  })
  // The step's call (a device-key signature, then the API) is done when the button is itself again; the
  // query layer may show "Sending…" only after this looked, so what follows waits for its outcome.
  await waitFor(() => expect(screen.queryByText(/^(Sending|Verifying)…$/)).toBeNull())
}

// The entry reads the later views' English messages: loaded before, it renders at once (or not at all).
beforeAll(() => loadViews('en'))

describe('UpdateEmailEntry', () => {
  it('is offered to an email login, with the address linked now, and opens the update', async () => {
    const { core, frame } = await frameWith('email')
    show(frame, 'entry')
    expect(screen.getByTestId('wf-account-update-email').textContent).toContain('old@example.test')
    fireEvent.click(screen.getByTestId('wf-account-update-email'))
    expect(Navigation.current(core as Core)).toBe('UpdateEmailWallet')
  })

  it('is not offered to a social login whose provider vouches for the address', async () => {
    const { frame } = await frameWith('google')
    show(frame, 'entry')
    expect(screen.queryByTestId('wf-account-update-email')).toBeNull()
  })

  it('is not offered to a passkey login yet (it has no re-login the API takes)', async () => {
    const { frame } = await frameWith('passkey', [], null)
    show(frame, 'entry')
    expect(screen.queryByTestId('wf-account-update-email')).toBeNull()
  })

  it('offers a login without an address (X) to add one', async () => {
    const { core, frame } = await frameWith('x', [], null)
    show(frame, 'entry')
    expect(screen.getByTestId('wf-account-update-email').textContent).toBe('Add email')
    fireEvent.click(screen.getByTestId('wf-account-update-email'))
    expect(Navigation.current(core as Core)).toBe('UpdateEmailWallet')
  })
})

describe('UpdateEmailWallet', () => {
  it('goes from the current mailbox to the new one, then the host sees the new address', async () => {
    const { frame, states } = await frameWith('email', [
      json(200, { updateId, action: 'VERIFY_PRIMARY_OTP', expiresAt: later, resendAfterSeconds: 30 }),
      json(200, { updateId, action: 'VERIFY_SECONDARY_OTP', expiresAt: later }),
      json(200, { updateId, action: 'DONE', expiresAt: later, email: 'new@example.test' }),
    ])
    show(frame, 'update')
    await submit('wf-update-email-input', 'new@example.test', 'wf-update-email-submit')
    expect((await screen.findByTestId('wf-update-email-step')).dataset.action).toBe('VERIFY_PRIMARY_OTP')
    expect(screen.getByTestId('wf-email-code').textContent).toContain('old@example.test')
    // A new first code waits out the cooldown the server names.
    expect((screen.getByTestId('wf-email-resend') as HTMLButtonElement).disabled).toBe(true)

    await submit('wf-email-code-input', '123456', 'wf-email-code-submit')
    await waitFor(() =>
      expect(screen.getByTestId('wf-update-email-step').dataset.action).toBe('VERIFY_SECONDARY_OTP'),
    )
    expect(screen.getByTestId('wf-email-code').textContent).toContain('new@example.test')
    expect(screen.queryByTestId('wf-email-resend')).toBeNull()
    expect(states).toEqual([])

    await submit('wf-email-code-input', '654321', 'wf-email-code-submit')
    await waitFor(() =>
      expect(screen.getByTestId('wf-update-email-new').textContent).toBe('new@example.test'),
    )
    expect(states.at(-1)?.embeddedWalletInfo?.user.email).toBe('new@example.test')
  })

  it('with a second factor on, asks its code below the form and sends it with the new address', async () => {
    const { frame, body } = await frameWith('email', [
      json(403, {
        error: 'Enter the code of your authenticator app (or a recovery code) to change how you log in',
        code: 'SECOND_FACTOR_REQUIRED',
      }),
      json(200, { updateId, action: 'VERIFY_PRIMARY_OTP', expiresAt: later, resendAfterSeconds: 30 }),
    ])
    show(frame, 'update')
    await act(async () => {
      fireEvent.change(screen.getByTestId('wf-update-email-input'), { target: { value: 'new@example.test' } })
    })
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-update-email-submit'))
    })
    await waitFor(() => expect(screen.getByTestId('wf-totp-prompt')).toBeTruthy())
    expect(body(0)).not.toHaveProperty('code')
    await submit('wf-totp-prompt-input', '246810', 'wf-totp-prompt-submit')
    await waitFor(() =>
      expect(screen.getByTestId('wf-update-email-step').dataset.action).toBe('VERIFY_PRIMARY_OTP'),
    )
    expect(body(1)).toMatchObject({ email: 'new@example.test', code: '246810' })
    expect(screen.queryByTestId('wf-totp-prompt')).toBeNull()
  })

  it("shows the API's refusal in its words and stays on the step", async () => {
    const { frame } = await frameWith('email', [
      json(429, { error: 'Please try again after 17 seconds', code: 'EMAIL_COOLDOWN', field: 'email' }),
    ])
    show(frame, 'update')
    await submit('wf-update-email-input', 'new@example.test', 'wf-update-email-submit')
    // The mutation may not have shown "Sending…" yet when submit looked: wait for its outcome.
    expect((await screen.findByTestId('wf-update-email-error')).textContent).toBe(
      'Please try again after 17 seconds',
    )
    expect(screen.getByTestId('wf-update-email')).toBeTruthy()
  })

  it('an X login confirms with X in a popup opened in the click, then adds an address with one code', async () => {
    const { frame, states, socialLogin, body } = await frameWith(
      'x',
      [
        json(200, { updateId, action: 'VERIFY_SECONDARY_OTP', expiresAt: later, resendAfterSeconds: 30 }),
        json(200, { updateId, action: 'DONE', expiresAt: later, email: 'new@example.test' }),
      ],
      null,
    )
    const popup = { closed: false, close: vi.fn(), focus() {}, postMessage() {}, location: { replace() {} } }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    show(frame, 'update')
    expect(screen.queryByTestId('wf-update-email')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-update-email-confirm-start'))
    })
    // Opened in the click, on the frame's own page that the login hands the attempt to.
    expect(open).toHaveBeenCalledWith(
      `${SocialPopup.path}?locale=en`,
      'walletframe-login',
      expect.any(String),
    )
    expect(socialLogin).toHaveBeenCalledWith('x', popup, expect.any(AbortSignal))
    expect(popup.close).toHaveBeenCalled()

    await submit('wf-update-email-input', 'new@example.test', 'wf-update-email-submit')
    await waitFor(() =>
      expect(body(0)).toMatchObject({ email: 'new@example.test', reauthAttemptId: 'reauth-attempt' }),
    )
    expect(screen.getByTestId('wf-update-email-step').dataset.action).toBe('VERIFY_SECONDARY_OTP')
    expect(screen.getByTestId('wf-email-code').textContent).toContain('new@example.test')

    await submit('wf-email-code-input', '654321', 'wf-email-code-submit')
    await waitFor(() =>
      expect(screen.getByTestId('wf-update-email-new').textContent).toBe('new@example.test'),
    )
    expect(states.at(-1)?.embeddedWalletInfo?.user.email).toBe('new@example.test')
  })

  it('a refused start spends the re-login: the view asks to confirm again, with the reason', async () => {
    const { frame } = await frameWith(
      'facebook',
      [json(429, { error: 'Please try again after 9 seconds', code: 'EMAIL_COOLDOWN', field: 'email' })],
      null,
    )
    vi.spyOn(window, 'open').mockReturnValue({ closed: true, close() {} } as unknown as Window)
    show(frame, 'update')
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-update-email-confirm-start'))
    })
    await submit('wf-update-email-input', 'new@example.test', 'wf-update-email-submit')
    await waitFor(() => expect(screen.getByTestId('wf-update-email-confirm').dataset.state).toBe('confirm'))
    expect(screen.getByTestId('wf-update-email-error').textContent).toBe('Please try again after 9 seconds')
  })

  it('says so when the browser blocks the confirmation window', async () => {
    const { frame, socialLogin } = await frameWith('x', [], null)
    vi.spyOn(window, 'open').mockReturnValue(null)
    show(frame, 'update')
    await act(async () => {
      fireEvent.click(screen.getByTestId('wf-update-email-confirm-start'))
    })
    expect(screen.getByTestId('wf-update-email-error').textContent).toContain(
      'The browser blocked the X window',
    )
    expect(socialLogin).not.toHaveBeenCalled()
  })
})
