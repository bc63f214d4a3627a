// The modal's view stack (rules in docs/view-stack.md): which view opens, how back, close, replace
// and reset move through the history; the transaction stack's moves are in transactionStack.ts
// (loaded with the views that use it). Pure: every function takes a stack and returns the next one
// plus the effects to run.
import type { ViewName } from '@walletframe/protocol'

export type ViewStack = {
  /** Visited views, oldest first; the last one is on screen. Never empty while open. */
  readonly history: readonly ViewName[]
  /** Pending transaction actions, oldest first (e.g. ApproveTransaction for the auth connector). */
  readonly transactions: readonly TransactionAction[]
}

/** What to do when a transaction action ends in success. */
export type SuccessNavigation =
  | { readonly type: 'back' }
  | { readonly type: 'replace'; readonly view: ViewName }
  | { readonly type: 'reset'; readonly view: ViewName }

export type TransactionAction = {
  /** The pending request it stands for, when it stands for one (ends by id, in any order). */
  readonly id?: number | undefined
  readonly view: ViewName
  readonly onSuccess?: (() => void) | undefined
  readonly onCancel?: (() => void) | undefined
  readonly success: SuccessNavigation
}

/** Side effects the caller runs (the module itself never touches timers or connectors). */
export type Effect =
  | { readonly type: 'close' }
  | { readonly type: 'reloadAuthConnector'; readonly delayMs: number }
  | { readonly type: 'disconnect' }

export type Result = { readonly stack: ViewStack; readonly effects: readonly Effect[] }

export type OpenContext = {
  /** An address is connected. */
  readonly isConnected: boolean
  /** At least one chain adapter (eip155, solana) serves the host's networks. */
  readonly hasAdapters: boolean
  readonly isMobile: boolean
}

export const empty: ViewStack = { history: [], transactions: [] }

/** Delay before the auth connector reloads after leaving ConnectingFarcaster without an address. */
export const farcasterReloadDelayMs = 100

/** The view the modal opens on, by the four open rules in order (docs/view-stack.md, "Opening"). */
export function initialView(context: OpenContext, requested?: ViewName): ViewName {
  if (!context.isConnected && !context.hasAdapters)
    return context.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  if (requested) return requested
  if (context.isConnected) return 'Account'
  return 'Connect'
}

export function open(context: OpenContext, requested?: ViewName): ViewStack {
  return { history: [initialView(context, requested)], transactions: [] }
}

export function current(stack: ViewStack): ViewName | undefined {
  return stack.history[stack.history.length - 1]
}

export function push(stack: ViewStack, view: ViewName): ViewStack {
  if (current(stack) === view) return stack
  return { ...stack, history: [...stack.history, view] }
}

export function replace(stack: ViewStack, view: ViewName): ViewStack {
  return { ...stack, history: [...stack.history.slice(0, -1), view] }
}

export function reset(stack: ViewStack, view: ViewName): ViewStack {
  return { ...stack, history: [view] }
}

/**
 * Back: pops the history. With one entry, or with UnsupportedChain anywhere in it, the modal
 * closes instead. Leaving ConnectingFarcaster with no address reloads the auth connector.
 */
export function back(stack: ViewStack, context: { readonly isConnected: boolean }): Result {
  const effects: Effect[] = []
  if (current(stack) === 'ConnectingFarcaster' && !context.isConnected)
    effects.push({ type: 'reloadAuthConnector', delayMs: farcasterReloadDelayMs })
  if (stack.history.length <= 1 || stack.history.includes('UnsupportedChain'))
    return { stack, effects: [...effects, { type: 'close' }] }
  return { stack: { ...stack, history: stack.history.slice(0, -1) }, effects }
}

/** Embedded-mode close: the next open starts from Account when connected, Connect otherwise. */
export function close(context: { readonly isConnected: boolean }): Result {
  return {
    stack: { history: [context.isConnected ? 'Account' : 'Connect'], transactions: [] },
    effects: [{ type: 'close' }],
  }
}

// Named flows: where a swap, a send, a name registration and a cancelled sign-in lead.

/** A swap failure navigates back one view. */
export function swapFailed(stack: ViewStack, context: { readonly isConnected: boolean }): Result {
  return back(stack, context)
}

/** Sending a token moves to Account. */
export function sendStarted(stack: ViewStack): ViewStack {
  return reset(stack, 'Account')
}

/** Name registration: success view on completion, back to the form on failure. */
export function nameRegistrationEnded(stack: ViewStack, outcome: 'success' | 'failure'): ViewStack {
  return replace(stack, outcome === 'success' ? 'RegisterAccountNameSuccess' : 'RegisterAccountName')
}

/** Cancelling sign-in resets to Connect (and disconnects when sign-in is required). */
export function signInCancelled(stack: ViewStack, required: boolean): Result {
  return {
    stack: reset(stack, 'Connect'),
    effects: required ? [{ type: 'disconnect' }] : [{ type: 'close' }],
  }
}
