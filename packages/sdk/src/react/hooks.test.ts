// The hooks over a real instance in jsdom (the test plays the frame's side of the MessagePort,
// internal/testing.ts), and their server snapshot under react-dom/server.
import { act, createElement, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import {
  address,
  base,
  connected,
  destroyInstances,
  disconnected,
  frameUrl,
  startInstance,
} from '../internal/testing.js'
import {
  NotMountedError,
  useWalletframeModal,
  useWalletframeNetwork,
  useWalletframeSiwx,
  useWalletframeState,
} from './hooks.js'
import { WalletframeProvider } from './WalletframeProvider.js'

// React's act() needs to be told it runs in a test environment.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

const cleanups: (() => void)[] = []
afterEach(() => {
  // The React root unmounts before its instance is destroyed.
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  destroyInstances()
})

/** A real instance whose frame side the test plays: `event` posts what the frame would. */
function start() {
  const { instance, frame } = startInstance({ networks: ['eip155:8453'] })
  return { instance, event: frame.event }
}

function Status(): ReactNode {
  const state = useWalletframeState()
  const net = useWalletframeNetwork()
  const siwx = useWalletframeSiwx()
  const modal = useWalletframeModal()
  return createElement(
    'p',
    null,
    [
      state.ready,
      state.status,
      state.address ?? '-',
      net?.caipNetworkId ?? '-',
      siwx === undefined ? '?' : siwx ? 'session' : 'none',
      modal.isOpen,
    ].join(' '),
  )
}

/** Lets the port deliver what the test posted (MessagePort messages arrive on a later task). */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20))

/** The modal controls Grab last rendered with. */
let grabbed: ReturnType<typeof useWalletframeModal> | undefined
function Grab(): ReactNode {
  grabbed = useWalletframeModal()
  return null
}

function render(element: ReactNode) {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(element))
  cleanups.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  return container
}

describe('the hooks', () => {
  it('render the server snapshot on the server: what an instance reports before its frame starts', () => {
    const html = renderToString(
      createElement(WalletframeProvider, { instance: undefined }, createElement(Status)),
    )
    expect(html).toBe('<p>false disconnected - - ? false</p>')
  })

  it('follow what the frame reports: state, network, sign-in session, modal', async () => {
    const { instance, event } = start()
    const container = render(createElement(WalletframeProvider, { instance }, createElement(Status)))
    expect(container.textContent).toBe('false disconnected - - ? false')
    await act(async () => {
      event('initialized', { account: disconnected, network: base })
      await instance.ready
    })
    expect(container.textContent).toBe('true disconnected - eip155:8453 ? false')
    await act(async () => {
      event('modal', { open: true })
      event('state', connected)
      event('siwx', null)
      await delivered()
    })
    expect(container.textContent).toBe(`true connected ${address} eip155:8453 none true`)
    await act(async () => {
      event('modal', { open: false })
      await delivered()
    })
    expect(container.textContent).toBe(`true connected ${address} eip155:8453 none false`)
  })

  it('show no address once the frame reports a disconnect', async () => {
    const { instance, event } = start()
    const container = render(createElement(WalletframeProvider, { instance }, createElement(Status)))
    await act(async () => {
      event('initialized', { account: connected, network: base })
      await instance.ready
    })
    expect(container.textContent).toBe(`true connected ${address} eip155:8453 ? false`)
    await act(async () => {
      event('state', disconnected)
      await delivered()
    })
    expect(container.textContent).toBe('true disconnected - eip155:8453 ? false')
  })

  it('the modal controls reject with NotMountedError before there is an instance', async () => {
    render(createElement(WalletframeProvider, { instance: undefined }, createElement(Grab)))
    await expect(grabbed?.open()).rejects.toBeInstanceOf(NotMountedError)
  })

  it('a provider given options creates the instance after mount and removes its frame on unmount', () => {
    const before = document.querySelectorAll('iframe').length
    const container = document.createElement('div')
    const root = createRoot(container)
    const options = {
      projectId: 'p',
      frameUrl,
      networks: ['eip155:1' as const],
      metadata: { name: 'D', url: 'https://demo.test' },
    }
    act(() => root.render(createElement(WalletframeProvider, { options }, createElement(Status))))
    expect(document.querySelectorAll('iframe').length).toBe(before + 1)
    act(() => root.unmount())
    expect(document.querySelectorAll('iframe').length).toBe(before)
  })
})
