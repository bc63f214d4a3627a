// The React dapp of the SSR spec, rendered on the server (react-dom/server, in the spec) and
// hydrated in the browser (reactHost.page.ts). Plain createElement: the e2e workspace has no JSX.
import type { WalletframeOptions } from '@walletframe/sdk'
import {
  useWalletframeModal,
  useWalletframeNetwork,
  useWalletframeSiwx,
  useWalletframeState,
  WalletframeProvider,
} from '@walletframe/sdk/react'
import { createElement as h, type ReactNode } from 'react'

function Status(): ReactNode {
  const state = useWalletframeState()
  const network = useWalletframeNetwork()
  const siwx = useWalletframeSiwx()
  const modal = useWalletframeModal()
  return h(
    'main',
    null,
    h('p', { 'data-testid': 'ready' }, String(state.ready)),
    h('p', { 'data-testid': 'status' }, state.status),
    h('p', { 'data-testid': 'address' }, state.address ?? 'none'),
    h('p', { 'data-testid': 'network' }, network?.caipNetworkId ?? 'none'),
    h(
      'p',
      { 'data-testid': 'siwx' },
      siwx === undefined ? 'unknown' : siwx ? siwx.data.accountAddress : 'none',
    ),
    h('p', { 'data-testid': 'modal' }, String(modal.isOpen)),
    h(
      'button',
      { type: 'button', 'data-testid': 'open', onClick: () => modal.open().catch(() => {}) },
      'Connect',
    ),
  )
}

export function App({ options }: { options: WalletframeOptions }): ReactNode {
  return h(WalletframeProvider, { options }, h(Status))
}
