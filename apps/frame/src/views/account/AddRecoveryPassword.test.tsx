// @vitest-environment jsdom
// Account's "Add a recovery password": offered only for a wallet its passkey alone protects, never
// forced; the password goes to the wallet (which asks for the passkey's touch), and the offer goes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import { loadViews } from '../../locale/catalogs.js'
import { AddRecoveryPassword } from './AddRecoveryPassword.js'

// The catalog in before the view renders, as it is once the frame has loaded it.
beforeAll(() => loadViews('en'))
afterEach(cleanup)

async function show(passwordSet: boolean, addRecoveryPassword = vi.fn(async (_password: string) => {})) {
  const embedded = { hasRecoveryPassword: () => passwordSet, addRecoveryPassword }
  const frame = { core: { locale: LocaleState.create() }, embedded: async () => embedded } as unknown as Frame
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <AddRecoveryPassword />
        </FrameContext>
      </QueryClientProvider>,
    )
  })
  return addRecoveryPassword
}

describe('AddRecoveryPassword', () => {
  it('offers nothing to a wallet that has a password', async () => {
    await show(true)
    expect(screen.queryByTestId('wf-account-add-recovery-password')).toBeNull()
  })

  it('offers a password to a passkey wallet, sends it to the wallet, and says it was added', async () => {
    const add = await show(false)
    fireEvent.click(await screen.findByTestId('wf-account-add-recovery-password'))
    fireEvent.change(screen.getByTestId('wf-add-recovery-password-input'), {
      target: { value: 'correct horse battery' },
    })
    fireEvent.click(screen.getByTestId('wf-add-recovery-password-submit'))
    expect((await screen.findByTestId('wf-recovery-password-added')).textContent).toContain(
      'Recovery password added',
    )
    expect(add).toHaveBeenCalledWith('correct horse battery')
  })

  it('shows the wallet’s refusal and keeps the form', async () => {
    await show(
      false,
      vi.fn(async () => {
        throw new Error('This passkey cannot open your wallet by itself (it has no PRF)')
      }),
    )
    fireEvent.click(await screen.findByTestId('wf-account-add-recovery-password'))
    fireEvent.change(screen.getByTestId('wf-add-recovery-password-input'), {
      target: { value: 'long enough' },
    })
    fireEvent.click(screen.getByTestId('wf-add-recovery-password-submit'))
    expect((await screen.findByTestId('wf-add-recovery-password-error')).textContent).toContain('no PRF')
    expect(screen.getByTestId('wf-add-recovery-password')).toBeDefined()
  })
})
