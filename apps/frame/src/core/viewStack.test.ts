import { describe, expect, it } from 'vitest'
import * as ViewStack from './viewStack.js'

const connected = { isConnected: true }
const disconnected = { isConnected: false }
const desktop = { isConnected: false, hasAdapters: true, isMobile: false }

function stackOf(...history: ViewStack.ViewStack['history']): ViewStack.ViewStack {
  return { history, transactions: [] }
}

describe('initialView', () => {
  it('shows ConnectingWalletConnectBasic on desktop when nothing is connected and no adapter exists', () => {
    expect(ViewStack.initialView({ ...desktop, hasAdapters: false }, 'Account')).toBe(
      'ConnectingWalletConnectBasic',
    )
  })
  it('shows AllWallets on mobile when nothing is connected and no adapter exists', () => {
    expect(ViewStack.initialView({ ...desktop, hasAdapters: false, isMobile: true })).toBe('AllWallets')
  })
  it('shows the requested view otherwise', () => {
    expect(ViewStack.initialView(desktop, 'Networks')).toBe('Networks')
    expect(ViewStack.initialView({ ...desktop, isConnected: true }, 'Networks')).toBe('Networks')
  })
  it('shows Account when an address is connected and no view is requested', () => {
    expect(ViewStack.initialView({ ...desktop, isConnected: true })).toBe('Account')
    expect(ViewStack.initialView({ ...desktop, isConnected: true, hasAdapters: false })).toBe('Account')
  })
  it('shows Connect when nothing is connected and no view is requested', () => {
    expect(ViewStack.initialView(desktop)).toBe('Connect')
  })
})

describe('open', () => {
  it('starts a fresh history with the initial view', () => {
    expect(ViewStack.open(desktop)).toEqual({ history: ['Connect'], transactions: [] })
  })
})

describe('push', () => {
  it('adds a view on top and ignores pushing the current view again', () => {
    const stack = ViewStack.push(stackOf('Connect'), 'AllWallets')
    expect(stack.history).toEqual(['Connect', 'AllWallets'])
    expect(ViewStack.push(stack, 'AllWallets')).toBe(stack)
  })
})

describe('back', () => {
  it('pops the history', () => {
    const { stack, effects } = ViewStack.back(stackOf('Connect', 'AllWallets'), disconnected)
    expect(stack.history).toEqual(['Connect'])
    expect(effects).toEqual([])
  })
  it('closes the modal when the history has one entry', () => {
    const { stack, effects } = ViewStack.back(stackOf('Account'), connected)
    expect(stack.history).toEqual(['Account'])
    expect(effects).toEqual([{ type: 'close' }])
  })
  it('closes the modal when the history contains UnsupportedChain', () => {
    const { effects } = ViewStack.back(stackOf('UnsupportedChain', 'Networks'), connected)
    expect(effects).toEqual([{ type: 'close' }])
  })
  it('reloads the auth connector after 100 ms when leaving ConnectingFarcaster with no address', () => {
    const { stack, effects } = ViewStack.back(stackOf('Connect', 'ConnectingFarcaster'), disconnected)
    expect(stack.history).toEqual(['Connect'])
    expect(effects).toEqual([{ type: 'reloadAuthConnector', delayMs: 100 }])
  })
  it('does not reload the auth connector when leaving ConnectingFarcaster connected', () => {
    expect(ViewStack.back(stackOf('Connect', 'ConnectingFarcaster'), connected).effects).toEqual([])
  })
})

describe('close', () => {
  it('returns to Account when connected', () => {
    expect(ViewStack.close(connected)).toEqual({
      stack: { history: ['Account'], transactions: [] },
      effects: [{ type: 'close' }],
    })
  })
  it('returns to Connect when not connected', () => {
    expect(ViewStack.close(disconnected).stack.history).toEqual(['Connect'])
  })
})

describe('replace and reset', () => {
  it('replace swaps the top view and keeps the rest', () => {
    expect(ViewStack.replace(stackOf('Connect', 'AllWallets'), 'Account').history).toEqual([
      'Connect',
      'Account',
    ])
  })
  it('reset leaves only the named view', () => {
    expect(ViewStack.reset(stackOf('Connect', 'AllWallets', 'Networks'), 'Account').history).toEqual([
      'Account',
    ])
  })
})

describe('named flows', () => {
  it('a swap failure goes back one view', () => {
    expect(ViewStack.swapFailed(stackOf('Account', 'Networks'), connected).stack.history).toEqual(['Account'])
  })
  it('sending a token moves to Account', () => {
    expect(ViewStack.sendStarted(stackOf('Account', 'Networks')).history).toEqual(['Account'])
  })
  it('name registration goes to the success view, or back to the form on failure', () => {
    const form = stackOf('Account', 'RegisterAccountName')
    expect(ViewStack.current(ViewStack.nameRegistrationEnded(form, 'success'))).toBe(
      'RegisterAccountNameSuccess',
    )
    expect(ViewStack.current(ViewStack.nameRegistrationEnded(form, 'failure'))).toBe('RegisterAccountName')
  })
  it('cancelling sign-in resets to Connect, disconnecting when sign-in is required', () => {
    const signing = stackOf('Connect', 'SIWXSignMessage')
    expect(ViewStack.signInCancelled(signing, true)).toEqual({
      stack: { history: ['Connect'], transactions: [] },
      effects: [{ type: 'disconnect' }],
    })
    expect(ViewStack.signInCancelled(signing, false).effects).toEqual([{ type: 'close' }])
  })
})
