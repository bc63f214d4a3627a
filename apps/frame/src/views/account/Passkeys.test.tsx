// @vitest-environment jsdom
// Account's "Passkeys": nothing for a wallet that is not embedded; for an embedded one, the list with
// where and when, a refused removal in the API's words, an added passkey listed after the dialog.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { PasskeyList, PasskeySummary } from '@walletframe/protocol'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import type { Passkeys as PasskeysApi } from '../../lib/embeddedLogin.js'
import * as Store from '../../lib/store.js'
import { loadViews } from '../../locale/catalogs.js'
import { Passkeys } from './Passkeys.js'

// The catalog in before the view renders, as it is once the frame has loaded it.
beforeAll(() => loadViews('en'))
afterEach(cleanup)

const passkey = (id: string, recovery = false): PasskeySummary => ({
  credentialId: id,
  name: 'Chrome on Linux',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
  recovery,
})

/** The API's answers, as a passkey-only account's: its last passkey is refused. */
function account(): PasskeysApi {
  let list: PasskeyList = {
    passkeys: [passkey('Y3JlZGVudGlhbC0x', true)],
    otherLogin: false,
    secondFactor: false,
  }
  return {
    list: async () => list,
    async add() {
      const added = passkey('Y3JlZGVudGlhbC0y')
      list = { ...list, passkeys: [...list.passkeys, added] }
      return added
    },
    async remove(id) {
      if (list.passkeys.length === 1 && !list.otherLogin)
        throw new Error(
          'This passkey is your only way to log in; add another passkey or login method before removing it',
        )
      list = { ...list, passkeys: list.passkeys.filter((p) => p.credentialId !== id) }
      return list
    },
    async setSecondFactor(on) {
      // As the API answers: the passkey the only factor, so its threshold comes with the list.
      list = on ? { ...list, secondFactor: true, sendThreshold: null } : { ...list, secondFactor: false }
      return list
    },
    async setSendThreshold(sendThreshold) {
      list = { ...list, sendThreshold }
    },
  }
}

async function show(embeddedWalletInfo: object | undefined, passkeys = account()) {
  const connection = Store.create({ status: 'connected', connector: { embeddedWalletInfo } })
  const frame = {
    core: { connection, locale: LocaleState.create() },
    embedded: async () => ({ passkeys }),
  } as unknown as Frame
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <Passkeys />
        </FrameContext>
      </QueryClientProvider>,
    )
  })
}

describe('Passkeys', () => {
  it('shows nothing for a wallet that is not embedded', async () => {
    await show(undefined)
    expect(screen.queryByTestId('wf-passkeys')).toBeNull()
  })

  it('lists the passkey, shows the refusal of the last one, and lists an added one', async () => {
    // Chromium's own marker: the dialog runs in the frame, no window.
    Object.defineProperty(navigator, 'userAgentData', { value: {}, configurable: true })
    await show({ authProvider: 'passkey', accountType: 'eoa', user: {} })
    const items = await screen.findAllByTestId('wf-passkey-item')
    expect(items).toHaveLength(1)
    expect(items[0]?.textContent).toContain('Chrome on Linux')
    expect(items[0]?.textContent).toContain('last used never')
    expect(items[0]?.textContent).toContain('opens your wallet on a new device')
    fireEvent.click(screen.getByTestId('wf-passkey-remove'))
    expect((await screen.findByTestId('wf-passkeys-error')).textContent).toContain('your only way to log in')
    fireEvent.click(screen.getByTestId('wf-passkeys-add'))
    await waitFor(() => expect(screen.getAllByTestId('wf-passkey-item')).toHaveLength(2))
  })

  it('chooses the passkey as the second factor, and says so', async () => {
    await show({ authProvider: 'passkey', accountType: 'eoa', user: {} })
    expect((await screen.findByTestId('wf-passkeys-factor')).textContent).toContain(
      'Use a passkey as a second factor',
    )
    fireEvent.click(screen.getByTestId('wf-passkeys-factor-toggle'))
    await waitFor(() =>
      expect(screen.getByTestId('wf-passkeys-factor').textContent).toContain(
        'Your passkey is a second factor',
      ),
    )
    expect(screen.getByTestId('wf-passkeys-factor-toggle').textContent).toBe(
      'Stop using it as a second factor',
    )
  })
  it('with the passkey the only factor, sets the send threshold with it', async () => {
    const passkeys = account()
    const saved = vi.spyOn(passkeys, 'setSendThreshold')
    await show({ authProvider: 'passkey', accountType: 'eoa', user: {} }, passkeys)
    expect(screen.queryByTestId('wf-passkeys-threshold')).toBeNull()
    fireEvent.click(await screen.findByTestId('wf-passkeys-factor-toggle'))
    expect((await screen.findByTestId('wf-passkeys-threshold-current')).textContent).toBe(
      'Sends ask for no passkey.',
    )
    fireEvent.change(screen.getByTestId('wf-passkeys-threshold-amount'), { target: { value: '0.5' } })
    fireEvent.click(screen.getByTestId('wf-passkeys-threshold-save'))
    await waitFor(() => expect(saved).toHaveBeenCalledWith('500000000000000000'))
    await waitFor(() =>
      expect(screen.getByTestId('wf-passkeys-threshold-current').textContent).toContain(
        'Sends worth more than 0.5',
      ),
    )
  })
})
