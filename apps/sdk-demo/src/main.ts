// The demo dapp: wires the page's buttons and panels to a Walletframe instance.
import { createWalletframe, type ThemeMode, type WalletframeState } from '@walletframe/sdk'
import * as Config from './config.js'

function byTestId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.querySelector<T>(`[data-testid="${id}"]`)
  if (!element) throw new Error(`The page has no [data-testid="${id}"]`)
  return element
}

function text(id: string, value: unknown) {
  byTestId(id).textContent = value === undefined || value === '' ? '—' : String(value)
}

function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return code === undefined ? String(message ?? error) : `${code}: ${String(message)}`
}

const config = await Config.load()
// Marks for bench/frame-cold.ts: createWalletframe() to ready, as a host page sees it.
performance.mark('walletframe:create')
const wf = createWalletframe({
  projectId: config.projectId,
  frameUrl: config.frameUrl,
  networks: config.networks,
  ...(config.siwx ? { siwx: config.siwx } : {}),
  ...(config.features ? { features: config.features } : {}),
  ...(config.locale ? { locale: config.locale } : {}),
  metadata: { name: 'Walletframe demo dapp', url: location.origin, description: 'SDK demo host page' },
})
// For the e2e specs and for poking at it from the console.
wf.ready.then(
  () => performance.mark('walletframe:ready'),
  () => {},
)
Object.assign(window, { walletframe: wf, createWalletframe })

function renderState(state: WalletframeState) {
  text('sdk-status', state.error ? 'error' : state.ready ? 'ready' : 'starting')
  text('sdk-error', state.error ? describeError(state.error) : 'none')
  text('state-status', state.status)
  text('state-address', state.address)
  text('state-caip-address', state.caipAddress)
}
renderState(wf.getState())
wf.subscribeState(renderState)
wf.subscribeNetwork((network) => {
  text('state-network', network.caipNetworkId)
  text('state-chain-id', network.chainId)
  text('state-supported', network.supported)
})
wf.subscribeModal((open) => text('modal-open', open))
wf.subscribeSiwx((session) => {
  text('siwx-session', session ? session.data.accountAddress : 'none')
  text('siwx-session-id', session ? session.id : 'none')
})

const select = byTestId<HTMLSelectElement>('network-select')
for (const id of config.networks) select.append(new Option(id, id))

/** Runs a modal action; its error goes to the page, not to an unhandled rejection. */
function action(id: string, run: () => Promise<void>) {
  byTestId(id).addEventListener('click', () => {
    text('action-error', '')
    run().catch((error: unknown) => text('action-error', describeError(error)))
  })
}

let themeMode: ThemeMode = 'dark'
action('open', () => wf.open())
action('open-account', () => wf.open({ view: 'Account' }))
action('disconnect', () => wf.disconnect())
action('switch-network', () => wf.switchNetwork(select.value as `${string}:${string}`))
action('theme-toggle', async () => {
  const next: ThemeMode = themeMode === 'dark' ? 'light' : 'dark'
  await wf.setThemeMode(next)
  themeMode = next
  byTestId('theme-toggle').textContent = `Theme: ${next}`
  byTestId('theme-toggle').dataset.theme = next
})

function rpc(id: string, request: () => Promise<unknown>) {
  byTestId(id).addEventListener('click', () => {
    text('rpc-result', '')
    text('rpc-error', '')
    request().then(
      (result) => text('rpc-result', JSON.stringify(result)),
      (error: unknown) => text('rpc-error', describeError(error)),
    )
  })
}
rpc('rpc-chain-id', () => wf.provider.request({ method: 'eth_chainId' }))
rpc('rpc-accounts', () => wf.provider.request({ method: 'eth_accounts' }))
rpc('rpc-request-accounts', () => wf.provider.request({ method: 'eth_requestAccounts' }))
rpc('rpc-personal-sign', async () => {
  const [account] = (await wf.provider.request({ method: 'eth_accounts' })) as string[]
  const message = `0x${[...new TextEncoder().encode('Hello from the Walletframe demo')].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
  return wf.provider.request({ method: 'personal_sign', params: [message, account] })
})

const events = byTestId('provider-events')
for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const)
  wf.provider.on(event, (data) => {
    const item = document.createElement('li')
    item.textContent = `${event} ${JSON.stringify(data)}`
    events.prepend(item)
  })
