// @vitest-environment jsdom
// Account's "Show recovery phrase": the frame origin's /export opened in the click itself, handed to the
// wallet; a blocked window said so; nothing for a wallet that is not embedded.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import * as Store from '../../lib/store.js'
import { loadViews } from '../../locale/catalogs.js'
import { RecoveryPhrase } from './RecoveryPhrase.js'

// The catalog in before the view renders, as it is once the frame has loaded it.
beforeAll(() => loadViews('en'))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function show(embeddedWalletInfo: object | undefined) {
  const handed: unknown[] = []
  const connection = Store.create({ status: 'connected', connector: { embeddedWalletInfo } })
  const frame = {
    core: { connection, locale: LocaleState.create() },
    embedded: async () => ({
      showRecoveryPhrase: async (popup: unknown) => {
        handed.push(popup)
      },
    }),
  } as unknown as Frame
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <RecoveryPhrase />
        </FrameContext>
      </QueryClientProvider>,
    )
  })
  return handed
}

describe('RecoveryPhrase', () => {
  it('shows nothing for a wallet that is not embedded', async () => {
    await show(undefined)
    expect(screen.queryByTestId('wf-account-recovery-phrase')).toBeNull()
  })

  it('opens /export in the click and hands that window to the wallet', async () => {
    const popup = { closed: false }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window)
    const handed = await show({ authProvider: 'email' })
    fireEvent.click(screen.getByTestId('wf-account-recovery-phrase'))
    // Synchronously in the click: a browser blocks a window opened after an await.
    expect(open).toHaveBeenCalledWith('/export?locale=en', 'walletframe-export', expect.any(String))
    expect(await screen.findByText('In its own window')).toBeDefined()
    expect(handed).toEqual([popup])
  })

  it('says so when the browser blocked the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const handed = await show({ authProvider: 'email' })
    fireEvent.click(screen.getByTestId('wf-account-recovery-phrase'))
    expect((await screen.findByTestId('wf-recovery-phrase-error')).textContent).toBe(
      'The browser blocked the recovery phrase window; allow pop-ups for this site and try again',
    )
    expect(handed).toEqual([])
  })
})
