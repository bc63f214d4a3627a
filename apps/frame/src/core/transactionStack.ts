// The view stack's transaction stack (docs/view-stack.md): actions such as ApproveTransaction for the auth
// connector, each ending in success or cancel, and the finished swap that must not jump past them.
// Apart from viewStack.ts because only lazily loaded flows use it: the boot chunk carries none of it.
// Pure, as viewStack.ts.
import {
  back,
  current,
  push,
  type Result,
  replace,
  reset,
  type TransactionAction,
  type ViewStack,
} from './viewStack.js'

export function pushTransaction(stack: ViewStack, action: TransactionAction): ViewStack {
  return push({ ...stack, transactions: [...stack.transactions, action] }, action.view)
}

/**
 * Ends a transaction action: the one with `id`, else the newest. While others remain for the view
 * on screen, the view stays and shows the next one; when its view is no longer on screen, nothing
 * moves. Otherwise success runs its callback and then goes back, replaces the view or resets to a
 * named view; cancel runs the cancel callback and goes back.
 */
export function popTransaction(
  stack: ViewStack,
  outcome: 'success' | 'cancel',
  context: { readonly isConnected: boolean },
  id?: number,
): Result {
  const index =
    id === undefined
      ? stack.transactions.length - 1
      : stack.transactions.findIndex((action) => action.id === id)
  const action = stack.transactions[index]
  if (!action) return { stack, effects: [] }
  const rest: ViewStack = { ...stack, transactions: stack.transactions.filter((_, i) => i !== index) }
  const onScreen = current(stack)
  if (outcome === 'cancel') action.onCancel?.()
  else action.onSuccess?.()
  // The user already left the action's view, or others still need it: nothing to move.
  if (onScreen !== action.view || rest.transactions.some((other) => other.view === onScreen))
    return { stack: rest, effects: [] }
  if (outcome === 'cancel') return back(rest, context)
  switch (action.success.type) {
    case 'back':
      return back(rest, context)
    case 'replace':
      return { stack: replace(rest, action.success.view), effects: [] }
    case 'reset':
      return { stack: reset(rest, action.success.view), effects: [] }
  }
}

/**
 * A finished swap replaces the view with Account, except for the auth connector, whose requests
 * go through the transaction stack (ApproveTransaction): while that stack still holds actions, Account
 * takes the place of the view beneath them and shows once they end, never mid-stack.
 */
export function swapFinished(stack: ViewStack): ViewStack {
  const views = new Set(stack.transactions.map((action) => action.view))
  const first = stack.history.findIndex((view) => views.has(view))
  if (first < 0) return replace(stack, 'Account')
  // Opened for the stack itself: Account goes beneath it, where back will find it.
  const below = Math.max(first - 1, 0)
  const keep = first === 0 ? 0 : 1
  return {
    ...stack,
    history: [...stack.history.slice(0, below), 'Account', ...stack.history.slice(below + keep)],
  }
}
