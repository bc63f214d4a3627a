import { describe, expect, it, vi } from 'vitest'
import * as TransactionStack from './transactionStack.js'
import * as ViewStack from './viewStack.js'

const connected = { isConnected: true }

function stackOf(...history: ViewStack.ViewStack['history']): ViewStack.ViewStack {
  return { history, transactions: [] }
}

describe('popTransaction', () => {
  it('on success runs the success callback and goes back', () => {
    const onSuccess = vi.fn()
    const onCancel = vi.fn()
    const stack = TransactionStack.pushTransaction(stackOf('Account'), {
      view: 'ApproveTransaction',
      onSuccess,
      onCancel,
      success: { type: 'back' },
    })
    expect(stack.history).toEqual(['Account', 'ApproveTransaction'])
    const result = TransactionStack.popTransaction(stack, 'success', connected)
    expect(onSuccess).toHaveBeenCalledOnce()
    expect(onCancel).not.toHaveBeenCalled()
    expect(result.stack).toEqual({ history: ['Account'], transactions: [] })
  })
  it('on success replaces the view when the action says so', () => {
    const stack = TransactionStack.pushTransaction(stackOf('Account', 'Networks'), {
      view: 'ApproveTransaction',
      success: { type: 'replace', view: 'Account' },
    })
    expect(TransactionStack.popTransaction(stack, 'success', connected).stack.history).toEqual([
      'Account',
      'Networks',
      'Account',
    ])
  })
  it('on success resets to a named view when the action says so', () => {
    const stack = TransactionStack.pushTransaction(stackOf('Account', 'Networks'), {
      view: 'ApproveTransaction',
      success: { type: 'reset', view: 'Connect' },
    })
    expect(TransactionStack.popTransaction(stack, 'success', connected).stack.history).toEqual(['Connect'])
  })
  it('on cancel runs the cancel callback and goes back', () => {
    const onSuccess = vi.fn()
    const onCancel = vi.fn()
    const stack = TransactionStack.pushTransaction(stackOf('Account'), {
      view: 'ApproveTransaction',
      onSuccess,
      onCancel,
      success: { type: 'reset', view: 'Connect' },
    })
    const result = TransactionStack.popTransaction(stack, 'cancel', connected)
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onSuccess).not.toHaveBeenCalled()
    expect(result.stack.history).toEqual(['Account'])
    expect(result.stack.transactions).toEqual([])
  })
  it('ends the action with the given id and keeps the view while others wait for it', () => {
    const action = (id: number): ViewStack.TransactionAction => ({
      id,
      view: 'ApproveTransaction',
      success: { type: 'back' },
    })
    const two = TransactionStack.pushTransaction(
      TransactionStack.pushTransaction(stackOf('Account'), action(1)),
      action(2),
    )
    expect(two.history).toEqual(['Account', 'ApproveTransaction'])
    const one = TransactionStack.popTransaction(two, 'success', connected, 1)
    expect(one.stack.history).toEqual(['Account', 'ApproveTransaction'])
    expect(one.stack.transactions.map((a) => a.id)).toEqual([2])
    const none = TransactionStack.popTransaction(one.stack, 'cancel', connected, 2)
    expect(none.stack).toEqual({ history: ['Account'], transactions: [] })
  })
  it('moves nothing when the action ends after the user left its view', () => {
    const stack = TransactionStack.pushTransaction(stackOf('Account'), {
      id: 3,
      view: 'ApproveTransaction',
      success: { type: 'back' },
    })
    const left = { ...stack, history: ['Account'] as const }
    expect(TransactionStack.popTransaction(left, 'cancel', connected, 3)).toEqual({
      stack: { history: ['Account'], transactions: [] },
      effects: [],
    })
  })
  it('does nothing when no transaction is pending', () => {
    const stack = stackOf('Account')
    expect(TransactionStack.popTransaction(stack, 'success', connected)).toEqual({ stack, effects: [] })
  })
})

describe('swapFinished', () => {
  it('a finished swap replaces the view with Account', () => {
    expect(TransactionStack.swapFinished(stackOf('Account', 'Networks')).history).toEqual([
      'Account',
      'Account',
    ])
  })
  it('a finished swap with approvals still on the transaction stack puts Account beneath them', () => {
    const approving = TransactionStack.pushTransaction(stackOf('Account', 'Swap', 'SwapPreview'), {
      id: 7,
      view: 'ApproveTransaction',
      success: { type: 'back' },
    })
    const finished = TransactionStack.swapFinished(approving)
    expect(finished.history).toEqual(['Account', 'Swap', 'Account', 'ApproveTransaction'])
    expect(TransactionStack.popTransaction(finished, 'success', connected, 7).stack.history).toEqual([
      'Account',
      'Swap',
      'Account',
    ])
  })
  it('a finished swap under a stack the modal opened for goes to Account once the stack ends', () => {
    const approving = TransactionStack.pushTransaction(stackOf('ApproveTransaction'), {
      id: 1,
      view: 'ApproveTransaction',
      success: { type: 'back' },
    })
    const finished = TransactionStack.swapFinished(approving)
    expect(finished.history).toEqual(['Account', 'ApproveTransaction'])
    expect(ViewStack.current(TransactionStack.popTransaction(finished, 'success', connected, 1).stack)).toBe(
      'Account',
    )
  })
})
