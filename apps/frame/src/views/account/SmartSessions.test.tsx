// @vitest-environment jsdom
// Account's "Manage smart sessions": nothing without the smartSessions feature or on the EOA; with
// it, each active grant (origin, permissions, used / left) and Revoke, which revokes that grant and
// drops it from the list once the wallet says it is revoked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { Features } from '@walletframe/protocol'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import type { SmartSessions as Sessions, SmartSessionGrant } from '../../lib/embeddedLogin.js'
import * as Store from '../../lib/store.js'
import { loadViews } from '../../locale/catalogs.js'
import { SmartSessions } from './SmartSessions.js'

// The catalog in before the view renders, as it is once the frame has loaded it.
beforeAll(() => loadViews('en'))
afterEach(cleanup)

const grant = (id: string, origin: string): SmartSessionGrant => ({
  id,
  origin,
  validUntil: Math.floor(Date.now() / 1000) + 3600,
  revoked: false,
  permissions: [{ type: 'native-token-transfer' }],
})

/** A wallet whose grants are a store; revoking marks the grant revoked, as the connector does once it landed. */
function walletWith(grants: SmartSessionGrant[]) {
  const store = Store.create<readonly SmartSessionGrant[]>(grants)
  const revoked: string[] = []
  const sessions: Sessions = {
    grants: store,
    usage: async () => [
      { token: `0x${'0'.repeat(40)}`, allowance: 3_000_000_000_000_000n, spent: 1_000_000_000_000_000n },
    ],
    revoke: async (id) => {
      revoked.push(id)
      store.set((list) => list.map((item) => (item.id === id ? { ...item, revoked: true } : item)))
    },
  }
  return { sessions, revoked }
}

async function show(features: Features, accountType: string, sessions: Sessions) {
  const connection = Store.create({ status: 'connected', connector: { embeddedWalletInfo: { accountType } } })
  const frame = {
    core: { connection, locale: LocaleState.create() },
    host: () => ({ features }),
    embedded: async () => ({ smartSessions: sessions }),
  } as unknown as Frame
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <SmartSessions />
        </FrameContext>
      </QueryClientProvider>,
    )
  })
}

describe('SmartSessions', () => {
  it('shows nothing with the feature off (its default) or on the EOA', async () => {
    const { sessions } = walletWith([grant('0x01', 'https://dapp.example')])
    await show({}, 'smartAccount', sessions)
    expect(screen.queryByTestId('wf-smart-sessions')).toBeNull()
    cleanup()
    await show({ smartSessions: true }, 'eoa', sessions)
    expect(screen.queryByTestId('wf-smart-sessions')).toBeNull()
  })

  it('lists each active grant with what it used and has left, and revokes the one asked', async () => {
    const { sessions, revoked } = walletWith([
      grant('0x01', 'https://a.example'),
      grant('0x02', 'https://b.example'),
    ])
    await show({ smartSessions: true }, 'smartAccount', sessions)
    await waitFor(() => expect(screen.getAllByTestId('wf-smart-session')).toHaveLength(2))
    expect(screen.getAllByTestId('wf-smart-session-origin').map((node) => node.textContent)).toEqual([
      'https://a.example',
      'https://b.example',
    ])
    await waitFor(() =>
      expect(screen.getAllByTestId('wf-smart-session-usage')[0]?.textContent).toBe(
        '0.001 used, 0.002 left (ETH)',
      ),
    )
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('wf-smart-session-revoke')[1] as HTMLElement)
    })
    expect(revoked).toEqual(['0x02'])
    await waitFor(() => expect(screen.getAllByTestId('wf-smart-session')).toHaveLength(1))
    expect(screen.getByTestId('wf-smart-session-origin').textContent).toBe('https://a.example')
  })
})
