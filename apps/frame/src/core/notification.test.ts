import { describe, expect, it, vi } from 'vitest'
import * as Notification from './notification.js'

describe('show', () => {
  it('opens with the info variant by default and replaces an open message', () => {
    const notification = Notification.create()
    notification.show('Lost the connection')
    expect(notification.get()).toEqual({ message: 'Lost the connection', variant: 'info', open: true })
    notification.show('Reconnected', 'success')
    expect(notification.get()).toEqual({ message: 'Reconnected', variant: 'success', open: true })
  })
})

describe('hide', () => {
  it('closes the message and does nothing when already closed', () => {
    const notification = Notification.create()
    const listener = vi.fn()
    notification.subscribe(listener)
    notification.hide()
    expect(listener).not.toHaveBeenCalled()
    notification.show('x')
    notification.hide()
    expect(notification.get()).toMatchObject({ message: 'x', open: false })
  })
})
