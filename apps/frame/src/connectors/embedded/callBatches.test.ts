import { evmNetwork } from '@walletframe/protocol/testing'
import { describe, expect, it } from 'vitest'
import * as CallBatches from './callBatches.js'

const base = evmNetwork(8453, 'Base')
const batch = { kind: 'userOperation', network: base, userOpHash: `0x${'a'.repeat(64)}` } as const

describe('create', () => {
  it('refuses an id taken by a batch, or reserved by one still asked about', () => {
    const batches = CallBatches.create()
    expect(batches.reserve('one')).toBe(true)
    expect(batches.reserve('one')).toBe(false)
    batches.settle('one', batch)
    expect(batches.reserve('one')).toBe(false)
    expect(batches.get('one')).toBe(batch)
  })
  it('gives back a reserved id whose batch was never sent, but never a sent one', () => {
    const batches = CallBatches.create()
    batches.reserve('refused')
    batches.release('refused')
    expect(batches.reserve('refused')).toBe(true)
    batches.settle('sent', batch)
    batches.release('sent')
    expect(batches.get('sent')).toBe(batch)
  })
  it('forgets every batch when cleared (sign-out)', () => {
    const batches = CallBatches.create()
    batches.settle('sent', batch)
    batches.clear()
    expect(batches.get('sent')).toBeUndefined()
  })
  it('knows no id it was not given', () => {
    expect(CallBatches.create().get('0x01')).toBeUndefined()
  })
})
